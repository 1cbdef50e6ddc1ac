import { channelItemsHref, dynamicItemsHref } from '@marquee/api-client';
import type { Video, WatchListItem } from '@marquee/contract';
import { DYNAMIC_LIST_BY, type ChannelDetails } from '@marquee/domain';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusMessage } from '../../../components/status-message';
import { errorMessage } from '../../../components/error-message';
import { api } from '../../../lib/api';
import { useChannel } from '../api/use-channel';
import { useChannelItems } from '../api/use-channel-items';
import { useWatchList } from '../api/use-watch-list';
import './channels.css';

/** On the watch list: what the list holds (a series item shows its next episode). */
export type ListContent = { id: string; type: WatchListItem['contentType'] };

interface ChannelDetailsViewProps {
  details: ChannelDetails;
  signedIn: boolean;
  /** The signed-in viewer (their watch list's cache entry). */
  userId: string | null;
  /** Where an anonymous viewer signs in to see the watch list. */
  loginHref: string;
  /** The card of one item (the route composes the discover cards in). */
  renderItem: (
    item: Video & { progress?: number | null },
    index: number,
    listContent?: ListContent,
  ) => ReactNode;
}

/** Channel details (§2.3): a channel's, a dynamic channel's or the watch list's items in a paged grid. */
export function ChannelDetailsView({
  details,
  signedIn,
  userId,
  loginHref,
  renderItem,
}: ChannelDetailsViewProps) {
  if (details.type === 'watch-list') {
    return (
      <WatchListGrid signedIn={signedIn} userId={userId} loginHref={loginHref} renderItem={renderItem} />
    );
  }
  if (details.type === 'details') {
    return <ChannelGrid channelId={details.channelId} renderItem={renderItem} />;
  }
  return <DynamicGrid details={details} renderItem={renderItem} />;
}

function ChannelGrid({
  channelId,
  renderItem,
}: {
  channelId: string;
  renderItem: ChannelDetailsViewProps['renderItem'];
}) {
  const { t } = useTranslation('channels');
  const channel = useChannel(channelId);
  const href = channel.data ? channelItemsHref(api, channel.data) : null;
  if (channel.isError) {
    const missing = (channel.error as { status?: number }).status === 404;
    return (
      <StatusMessage
        kind={missing ? 'empty' : 'error'}
        title={missing ? t('notFound') : t('loadError')}
        onRetry={missing ? undefined : () => void channel.refetch()}
        testId="channel-error"
      >
        {missing ? null : errorMessage(channel.error)}
      </StatusMessage>
    );
  }
  return (
    <PagedGrid
      title={channel.data?.name ?? ''}
      description={channel.data?.description}
      href={href}
      renderItem={renderItem}
    />
  );
}

function DynamicGrid({
  details,
  renderItem,
}: {
  details: Extract<ChannelDetails, { by: string }>;
  renderItem: ChannelDetailsViewProps['renderItem'];
}) {
  const { t } = useTranslation('channels');
  const title = t(`dynamic.${details.type}`, { by: t(`by.${details.by}`) });
  const href = dynamicItemsHref(api, details.type, DYNAMIC_LIST_BY[details.by]);
  return <PagedGrid title={title} href={href} renderItem={renderItem} />;
}

function PagedGrid({
  title,
  description,
  href,
  renderItem,
}: {
  title: string;
  description?: string;
  href: string | null;
  renderItem: ChannelDetailsViewProps['renderItem'];
}) {
  const { t } = useTranslation('channels');
  const { query, items, total } = useChannelItems(href);
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  // The next page loads as the end of the grid comes near (and with the button).
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '300px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (query.isError) {
    return (
      <StatusMessage
        kind="error"
        title={t('loadError')}
        onRetry={() => void query.refetch()}
        testId="channel-error"
      >
        {errorMessage(query.error)}
      </StatusMessage>
    );
  }
  const loading = !href || query.isPending;
  return (
    <section className="channel" data-testid="channel-details" aria-busy={loading || undefined}>
      <header className="channel__head">
        {title ? <h1 className="channel__title">{title}</h1> : <div className="channel__title-skeleton" />}
        {description ? <p className="channel__description">{description}</p> : null}
        {!loading ? <p className="channel__count">{t('count', { count: total })}</p> : null}
      </header>
      {loading ? (
        <GridSkeleton label={t('loading')} />
      ) : items.length === 0 ? (
        <StatusMessage kind="empty" title={t('empty')} testId="channel-empty" />
      ) : (
        <ul className="channel__grid" data-testid="channel-grid">
          {items.map((item, i) => (
            <li key={`${item.uid}-${i}`} className="channel__item">
              {renderItem(item, i)}
            </li>
          ))}
        </ul>
      )}
      {hasNextPage ? (
        <div ref={sentinel} className="channel__more">
          <button
            type="button"
            className="button button--ghost"
            data-testid="channel-load-more"
            disabled={isFetchingNextPage}
            onClick={() => void fetchNextPage()}
          >
            {isFetchingNextPage ? t('loadingMore') : t('loadMore')}
          </button>
        </div>
      ) : null}
    </section>
  );
}

function WatchListGrid({
  signedIn,
  userId,
  loginHref,
  renderItem,
}: Omit<ChannelDetailsViewProps, 'details'>) {
  const { t } = useTranslation('channels');
  const query = useWatchList(userId, signedIn);
  if (!signedIn) {
    return (
      <StatusMessage kind="info" title={t('watchListSignIn')} testId="watch-list-sign-in">
        <p>{t('watchListSignInBody')}</p>
        <Link className="button" to={loginHref}>
          {t('signIn')}
        </Link>
      </StatusMessage>
    );
  }
  if (query.isError) {
    return (
      <StatusMessage
        kind="error"
        title={t('loadError')}
        onRetry={() => void query.refetch()}
        testId="channel-error"
      >
        {errorMessage(query.error)}
      </StatusMessage>
    );
  }
  const items = query.data?.items ?? [];
  return (
    <section className="channel" data-testid="channel-details" aria-busy={query.isPending || undefined}>
      <header className="channel__head">
        <h1 className="channel__title">{t('watchList')}</h1>
        {query.data ? <p className="channel__count">{t('count', { count: query.data.totalItems })}</p> : null}
      </header>
      {query.isPending ? (
        <GridSkeleton label={t('loading')} />
      ) : items.length === 0 ? (
        <StatusMessage kind="empty" title={t('watchListEmpty')} testId="channel-empty" />
      ) : (
        <ul className="channel__grid" data-testid="channel-grid">
          {items.map((item, i) => (
            <li key={item.id} className="channel__item">
              {renderItem({ ...item.video, progress: item.progress }, i, {
                id: item.contentId,
                type: item.contentType,
              })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function GridSkeleton({ label }: { label: string }) {
  return (
    <ul className="channel__grid" data-testid="channel-loading" aria-label={label}>
      {Array.from({ length: 8 }, (_, i) => (
        <li key={i} className="channel__item" aria-hidden="true">
          <div className="channel__card-skeleton" />
        </li>
      ))}
    </ul>
  );
}
