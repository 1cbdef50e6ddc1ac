import './pages.css';
import type { Channel } from '@marquee/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../components/error-message';
import { StatusMessage } from '../../../components/status-message';
import { useDirectory } from '../api/use-tab-asset';

/**
 * A directory tab (§2.8 "Directory of channels; page size 20, initial 40"): the first 40 channels,
 * then 20 more per "Load more". The route renders each channel's card.
 */
export function DirectoryTab({
  tabId,
  title,
  card,
}: {
  tabId: string;
  title: string;
  card: (channel: Channel) => ReactNode;
}) {
  const { t } = useTranslation('pages');
  const dir = useDirectory(tabId);
  if (dir.isPending) {
    return (
      <p className="tab-screen__loading" role="status" data-testid="tab-loading">
        {t('loading')}
      </p>
    );
  }
  if (dir.isError) {
    return (
      <StatusMessage
        kind="error"
        title={t('loadError')}
        onRetry={() => void dir.refetch()}
        testId="tab-error"
      >
        {errorMessage(dir.error)}
      </StatusMessage>
    );
  }
  const channels = dir.data.pages.flatMap((p) => p.items);
  const total = dir.data.pages[0]?.total_items ?? 0;
  return (
    <section className="tab-screen directory-tab" data-testid="directory">
      <h1>{title || t('directory')}</h1>
      {channels.length === 0 ? (
        <p>{t('noChannels')}</p>
      ) : (
        <>
          <p className="directory-tab__count" data-testid="directory-count">
            {t('channelCount', { shown: channels.length, total })}
          </p>
          <ul className="directory-tab__grid">
            {channels.map((c) => (
              <li key={c.channelId}>{card(c)}</li>
            ))}
          </ul>
        </>
      )}
      {dir.hasNextPage ? (
        <button
          type="button"
          className="button button--ghost"
          data-testid="directory-more"
          disabled={dir.isFetchingNextPage}
          onClick={() => void dir.fetchNextPage()}
        >
          {dir.isFetchingNextPage ? t('loadingMore') : t('loadMore')}
        </button>
      ) : null}
    </section>
  );
}
