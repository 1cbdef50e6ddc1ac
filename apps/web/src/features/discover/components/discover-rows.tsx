import type { DiscoverRow as Row } from '@marquee/contract';
import { rowsShown, withAdSlots } from '@marquee/domain';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusMessage } from '../../../components/status-message';
import { errorMessage } from '../../../components/error-message';
import { useDiscover } from '../api/use-discover';
import { usePerUserRows, type PerUserState } from '../api/use-per-user-row';
import { AdSlot, type BannerConfig } from './ad-slot';
import { DiscoverRow, PerUserRow } from './discover-row';
import { FeaturedCarousel } from './featured-carousel';
import { RowSkeletons } from './row-skeleton';
import './discover.css';

/** How close (px) the end of the rows must come into view for more rows to load. */
const NEAR_END_PX = 300;

interface DiscoverRowsProps {
  tabId: string;
  title?: string;
  /** Per-user rows (watch list, continue watching) show only for a signed-in viewer. */
  signedIn: boolean;
  /** Site flag modernTheme ('See More' links). */
  modernTheme: boolean;
  /** Ad-banner slots every `frequency` rows from `offset`; null when the site shows no banners. */
  banners: ({ frequency: number; offset: number } & BannerConfig) | null;
}

/**
 * Rows a viewer gets: banner rows are placed by the ad settings instead; empty catalog rows and
 * per-user rows that turned out hidden are left out (a loading one keeps its place).
 */
function viewerRows(rows: Row[], perUser: Map<string, PerUserState>): Row[] {
  return rows.filter((row) => {
    if (row.type === 'adBanner') return false;
    if (row.perUser) {
      const state = perUser.get(row.id)?.state;
      return state === 'pending' || state === 'shown';
    }
    return row.items.length > 0;
  });
}

/**
 * The discover tab (§2.2): rows in configured order (featured carousel or hero, per-user rows,
 * channels, playlists, dynamic rows) with ad-banner slots every N rows; 3 rows at first and 3 more
 * when the viewer scrolls near the end or asks for them.
 */
export function DiscoverRows({ tabId, title, signedIn, modernTheme, banners }: DiscoverRowsProps) {
  const { t } = useTranslation('discover');
  const query = useDiscover(tabId);
  const perUser = usePerUserRows(query.data?.rows ?? [], signedIn);
  const rows = viewerRows(query.data?.rows ?? [], perUser);
  const [requests, setRequests] = useState(0);
  const sentinel = useRef<HTMLDivElement>(null);
  const shown = rowsShown(rows.length, requests);
  const hasMore = shown < rows.length;

  // "On demand": a scroll that brings the end of the rows near the viewport adds 3 more (a first
  // screen that already shows the end waits for the viewer, so the initial 3 rows stay 3).
  useEffect(() => {
    if (!hasMore) return;
    const onScroll = () => {
      const el = sentinel.current;
      if (el && el.getBoundingClientRect().top < window.innerHeight + NEAR_END_PX) {
        // One batch per scroll: the listener comes back once the new rows are in.
        window.removeEventListener('scroll', onScroll);
        setRequests((n) => n + 1);
      }
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [hasMore, shown]);

  const heading = <h1 className="visually-hidden">{title ?? query.data?.title ?? t('heading')}</h1>;

  if (query.isPending) {
    return (
      <div className="discover">
        {heading}
        <RowSkeletons />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="discover">
        {heading}
        <StatusMessage
          kind="error"
          title={t('loadError')}
          onRetry={() => void query.refetch()}
          testId="discover-error"
        >
          {errorMessage(query.error)}
        </StatusMessage>
      </div>
    );
  }
  if (rows.length === 0) {
    return (
      <div className="discover">
        {heading}
        <StatusMessage kind="empty" title={t('emptyTitle')} testId="discover-empty">
          {t('emptyBody')}
        </StatusMessage>
      </div>
    );
  }
  return (
    <div className="discover" data-testid="discover" data-rows-shown={shown} data-rows-total={rows.length}>
      {heading}
      {withAdSlots(rows.slice(0, shown), banners).map((entry, index) => {
        if (entry.kind === 'ad')
          return <AdSlot key={`ad-${entry.slot}`} slot={entry.slot} banner={banners} />;
        const { row } = entry;
        if (row.type === 'featured' || row.type === 'hero' || row.layout === 'carousel') {
          return (
            <FeaturedCarousel key={row.id} row={row} hero={row.type === 'hero' || row.layout === 'hero'} />
          );
        }
        if (row.perUser) {
          const state = perUser.get(row.id);
          if (state?.state !== 'shown') return null;
          return (
            <PerUserRow key={row.id} row={row} index={index} modernTheme={modernTheme} items={state.items} />
          );
        }
        return <DiscoverRow key={row.id} row={row} index={index} modernTheme={modernTheme} />;
      })}
      {hasMore ? (
        <div ref={sentinel} className="discover__more">
          <button
            type="button"
            className="button button--ghost"
            data-testid="discover-more"
            onClick={() => setRequests((n) => n + 1)}
          >
            {t('showMore')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
