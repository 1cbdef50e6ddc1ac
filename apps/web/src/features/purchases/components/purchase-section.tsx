import type { Purchase } from '@marquee/contract';
import { hideReplaced, isActiveRental, purchaseSection } from '@marquee/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusMessage } from '../../../components/status-message';
import { errorMessage } from '../../../components/error-message';
import { usePurchaseList, type PurchaseListKind } from '../api/use-purchase-lists';

interface PurchaseSectionProps {
  kind: PurchaseListKind;
  userId: string;
  now: number;
  renderItem: (purchase: Purchase) => ReactNode;
}

/** One list of the Purchases page with its loading, empty and error states and Load more. */
export function PurchaseSection({ kind, userId, now, renderItem }: PurchaseSectionProps) {
  const { t } = useTranslation('purchases');
  const list = usePurchaseList(kind, userId);
  const headingId = `purchases-${kind}`;
  let body: ReactNode;
  if (list.isPending) {
    body = (
      <p className="purchases__loading" role="status">
        {t('loading')}
      </p>
    );
  } else if (list.isError) {
    body = (
      <StatusMessage kind="error" title={t('loadError')} onRetry={() => void list.refetch()}>
        {errorMessage(list.error)}
      </StatusMessage>
    );
  } else {
    const all = list.data.pages.flatMap((page) => page.items);
    let items = hideReplaced(all);
    if (kind === 'purchased') items = items.filter((p) => purchaseSection(p) === 'purchased');
    if (kind === 'rentals') items = items.filter((p) => isActiveRental(p, now));
    body =
      items.length === 0 ? (
        <p className="purchases__empty" data-testid={`purchases-empty-${kind}`}>
          {t(`empty.${kind}`)}
        </p>
      ) : (
        <ul className="purchases__list">{items.map((p) => renderItem(p))}</ul>
      );
  }
  return (
    <section className="purchases__section" aria-labelledby={headingId} data-testid={`purchases-${kind}`}>
      <h2 id={headingId} className="purchases__section-title">
        {t(`sections.${kind}`)}
      </h2>
      {body}
      {list.hasNextPage ? (
        <button
          type="button"
          className="button button--ghost"
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {list.isFetchingNextPage ? t('loadingMore') : t('loadMore')}
        </button>
      ) : null}
    </section>
  );
}
