/**
 * Thumb rows and discover rows (discovery-and-site §2.2, §2.10, §9): "queueLimit starts at 15, then
 * twice the visible item count; it extends when scrolled past 70% of the width and loads more when
 * the limit exceeds 70% of the loaded items and hasMore is true. Scroll step 10 px every 10 ms;
 * default item width 240." "Initially 3 rows show and 3 more are added on demand; rows are fetched in
 * pages of 30; a thumb row initially fills 2 screens. The carousel advances every 5000 ms."
 */
import { DYNAMIC_CHANNEL_IDS, dynamicChannel, type DynamicChannelId } from './catalog';

/** "Row queue start 15". */
export const QUEUE_LIMIT_START = 15;
/** "a thumb row initially fills 2 screens". */
export const THUMB_ROW_SCREENS = 2;
/** Share of the row's width scrolled past which the queue limit extends. */
export const EXTEND_AT_SCROLL = 0.7;
/** Share of the loaded items the limit must exceed before the next page loads. */
export const LOAD_MORE_AT = 0.7;
/** "Scroll step 10 px every 10 ms". */
export const SCROLL_STEP_PX = 10;
export const SCROLL_INTERVAL_MS = 10;
/** "default item width 240". */
export const DEFAULT_ITEM_WIDTH = 240;

/** "discover rows 3 then +3, rows page 30". */
export const INITIAL_ROWS = 3;
export const MORE_ROWS = 3;
export const ROWS_PAGE = 30;
/** "Carousel 5000 ms". */
export const CAROUSEL_INTERVAL_MS = 5000;
/** Ad banners: "frequency defaults to 5 and offsets to 0" (§5). */
export const AD_BANNER_FREQUENCY = 5;
export const AD_BANNER_OFFSET = 0;

/** How many items fit in the row's visible width (at least 1). */
export function visibleItemCount(viewportWidth: number, itemWidth: number = DEFAULT_ITEM_WIDTH): number {
  const width = itemWidth > 0 ? itemWidth : DEFAULT_ITEM_WIDTH;
  return Math.max(1, Math.floor(Math.max(0, viewportWidth) / width));
}

/**
 * The limit once the row is measured: twice the visible count (2 screens). It never shrinks below
 * what is already shown, so a resize does not pull cards out from under the viewer.
 */
export function measuredQueueLimit(current: number, visibleCount: number): number {
  return Math.max(current, THUMB_ROW_SCREENS * visibleCount);
}

/** True when the viewer has scrolled past 70% of the row's scrollable width. */
export function scrolledPastExtendPoint(
  scrollLeft: number,
  clientWidth: number,
  scrollWidth: number,
): boolean {
  if (scrollWidth <= 0) return false;
  return scrollLeft + clientWidth > EXTEND_AT_SCROLL * scrollWidth;
}

/** The limit after extending: one more 2-screen batch. */
export function extendedQueueLimit(current: number, visibleCount: number): number {
  return current + THUMB_ROW_SCREENS * Math.max(1, visibleCount);
}

/** True when the next page should load: more pages exist and the limit exceeds 70% of the loaded items. */
export function shouldLoadMore(queueLimit: number, loadedCount: number, hasMore: boolean): boolean {
  return hasMore && queueLimit > LOAD_MORE_AT * loadedCount;
}

/** Pixels left to scroll for a smooth scroll by `distance`, in 10 px steps: the steps to run. */
export function scrollSteps(distance: number): number[] {
  const steps: number[] = [];
  const sign = Math.sign(distance);
  let left = Math.abs(distance);
  while (left > 0) {
    const step = Math.min(SCROLL_STEP_PX, left);
    steps.push(sign * step);
    left -= step;
  }
  return steps;
}

/** How many rows show after `requests` "more" requests: 3, then 3 more each, never past `total`. */
export function rowsShown(total: number, requests: number): number {
  return Math.min(total, INITIAL_ROWS + MORE_ROWS * Math.max(0, requests));
}

/** The carousel slide after `index` (wraps). */
export function nextSlide(index: number, count: number): number {
  return count > 0 ? (index + 1) % count : 0;
}
export function previousSlide(index: number, count: number): number {
  return count > 0 ? (index - 1 + count) % count : 0;
}

export type Slotted<R> = { kind: 'row'; row: R } | { kind: 'ad'; slot: number };

/**
 * Content rows with ad-banner slots "inserted every N rows": a slot after every `frequency` rows,
 * counted from `offset` rows in (a slot never ends the list). Without banners the rows pass through.
 */
export function withAdSlots<R>(
  rows: readonly R[],
  banners: { frequency: number; offset: number } | null,
): Slotted<R>[] {
  const out: Slotted<R>[] = [];
  const frequency = banners ? Math.max(1, Math.floor(banners.frequency)) : 0;
  const offset = banners ? Math.max(0, Math.floor(banners.offset)) : 0;
  let slot = 0;
  rows.forEach((row, i) => {
    out.push({ kind: 'row', row });
    const count = i + 1 - offset;
    if (banners && count > 0 && count % frequency === 0 && i < rows.length - 1) {
      out.push({ kind: 'ad', slot: slot++ });
    }
  });
  return out;
}

/**
 * Channel details (§2.3): "/channels/{type}/{channelId} and /channels/watch-list … Types: details,
 * watch-list, and popular, recent and recommended by movies, series or videos" (channelId lowercase).
 */
export const CHANNEL_DETAIL_TYPES = ['details', 'watch-list', 'popular', 'recent', 'recommended'] as const;
export type ChannelDetailType = (typeof CHANNEL_DETAIL_TYPES)[number];
/** The dynamic list behind each "by": series read the episodes list; 'all' is a mixed row's list. */
export const DYNAMIC_LIST_BY = {
  movies: 'movies',
  series: 'episodes',
  videos: 'videos',
  all: 'all',
} as const;
export type DynamicBy = keyof typeof DYNAMIC_LIST_BY;

export type ChannelDetails =
  | { type: 'details'; channelId: string }
  | { type: 'watch-list' }
  | { type: 'popular' | 'recent' | 'recommended'; by: DynamicBy };

/** Parses the route's type and channelId; null for anything the spec does not name. */
export function parseChannelDetails(type: string, channelId: string | undefined): ChannelDetails | null {
  const id = (channelId ?? '').toLowerCase();
  if (type === 'watch-list') return { type: 'watch-list' };
  if (type === 'details') {
    if (!id) return null;
    // The dynamic pseudo-channels (§2.3) have details pages too: /channels/details/recent-movies.
    if ((DYNAMIC_CHANNEL_IDS as readonly string[]).includes(id)) {
      const { order, fixedList } = dynamicChannel(id as DynamicChannelId);
      const by = fixedList === 'movies' ? 'movies' : fixedList === 'episodes' ? 'series' : 'all';
      return { type: order, by };
    }
    return { type: 'details', channelId: id };
  }
  if (type === 'popular' || type === 'recent' || type === 'recommended') {
    return id in DYNAMIC_LIST_BY ? { type, by: id as DynamicBy } : null;
  }
  return null;
}

/**
 * Where a row's 'More' link goes: a channel row to its channel's details, a dynamic row to its order
 * by list, the watch-list row to /channels/watch-list. Playlists and other rows have no details page.
 */
export function rowDetails(row: {
  type: string;
  source: { kind: string; id: string } | null;
  href: string | null;
}): ChannelDetails | null {
  if (row.type === 'watchList') return { type: 'watch-list' };
  if (row.source?.kind === 'channel' && row.source.id) {
    return { type: 'details', channelId: row.source.id.toLowerCase() };
  }
  if (row.source?.kind === 'dynamic' && row.href) {
    const [, dynamicId = '', list = ''] = row.href.match(/dynamic-channels\/([^/?]+)\/([^/?]+)/) ?? [];
    const order = dynamicId.split('-')[0];
    const by = (Object.keys(DYNAMIC_LIST_BY) as DynamicBy[]).find((k) => DYNAMIC_LIST_BY[k] === list);
    if ((order === 'popular' || order === 'recent' || order === 'recommended') && by)
      return { type: order, by };
  }
  return null;
}
