import type { LibraryType, Series, Video } from '@marquee/contract';
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../../components/error-message';
import { StatusMessage } from '../../../components/status-message';
import { useLibrary } from '../api/use-library';
import './library.css';

export type LibraryItem = Video | Series;

const TABS: readonly LibraryType[] = ['movies', 'series'];

interface LibraryViewProps {
  userId: string;
  type: LibraryType;
  onTypeChange: (type: LibraryType) => void;
  /** Where the empty state's subscribe link goes. */
  subscribeHref: string;
  /** The card of one item (the app passes the shared content card). */
  renderItem: (item: LibraryItem, index: number) => ReactNode;
}

/**
 * /library (accounts-and-commerce §2: "movies and series tabs, page size 10; login required"): the
 * movies and series the viewer's purchases own, as an accessible tablist (arrows, Home, End).
 */
export function LibraryView({ userId, type, onTypeChange, subscribeHref, renderItem }: LibraryViewProps) {
  const { t } = useTranslation('library');
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const at = TABS.indexOf(type);
    const next =
      event.key === 'ArrowRight'
        ? (at + 1) % TABS.length
        : event.key === 'ArrowLeft'
          ? (at - 1 + TABS.length) % TABS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? TABS.length - 1
              : -1;
    if (next < 0) return;
    event.preventDefault();
    onTypeChange(TABS[next]!);
    tabs.current[next]?.focus();
  };

  return (
    <section className="library" data-testid="library">
      <h1 className="library__title">{t('title')}</h1>
      <div className="library__tabs" role="tablist" aria-label={t('tabs')}>
        {TABS.map((tab, i) => (
          <button
            key={tab}
            ref={(el) => {
              tabs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`library-tab-${tab}`}
            aria-controls={`library-panel-${tab}`}
            aria-selected={tab === type}
            tabIndex={tab === type ? 0 : -1}
            className="library__tab"
            data-testid={`library-tab-${tab}`}
            onClick={() => onTypeChange(tab)}
            onKeyDown={onKeyDown}
          >
            {t(tab)}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`library-panel-${type}`}
        aria-labelledby={`library-tab-${type}`}
        className="library__panel"
        data-testid={`library-panel-${type}`}
      >
        <LibraryTab
          key={type}
          userId={userId}
          type={type}
          subscribeHref={subscribeHref}
          renderItem={renderItem}
        />
      </div>
    </section>
  );
}

function LibraryTab({ userId, type, subscribeHref, renderItem }: Omit<LibraryViewProps, 'onTypeChange'>) {
  const { t } = useTranslation('library');
  const query = useLibrary(userId, type);

  if (query.isError) {
    return (
      <StatusMessage
        kind="error"
        title={t('loadError')}
        onRetry={() => void query.refetch()}
        testId="library-error"
      >
        {errorMessage(query.error)}
      </StatusMessage>
    );
  }
  if (query.isPending) {
    return (
      <p className="library__loading" role="status" data-testid="library-loading">
        {t('loading')}
      </p>
    );
  }
  const items: LibraryItem[] = query.data.pages.flatMap((p) => p.items);
  const total = query.data.pages[0]?.total_items ?? 0;
  if (items.length === 0) {
    return (
      <StatusMessage kind="empty" title={t('empty')} testId="library-empty">
        <Link className="button" to={subscribeHref} data-testid="library-subscribe">
          {t('subscribe')}
        </Link>
      </StatusMessage>
    );
  }
  return (
    <>
      <p className="library__count" data-testid="library-count">
        {t('count', { count: total })}
      </p>
      <ul className="library__grid" data-testid="library-grid">
        {items.map((item, i) => (
          <li key={item.uid} className="library__item">
            {renderItem(item, i)}
          </li>
        ))}
      </ul>
      {query.hasNextPage ? (
        <div className="library__more">
          <button
            type="button"
            className="button button--ghost"
            data-testid="library-load-more"
            disabled={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {query.isFetchingNextPage ? t('loadingMore') : t('loadMore')}
          </button>
        </div>
      ) : null}
    </>
  );
}
