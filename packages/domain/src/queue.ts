// The watch screen's queue (playback-and-social §3 "Queue: id, type, items, page, totalPages,
// hasMore", §7 "Queue loaders exist for live-event channel, movie extras, series extras, playlist,
// watch list, movie channel, dynamic movie channel, series episodes, series by dynamic episode,
// video channel and dynamic video channel. Their paths are not shown."). Decision 0062.
import { DYNAMIC_CHANNEL_IDS, type DynamicChannelId } from './catalog';
import { PageSize } from './paging';
import type { WatchRouteKind } from './watch-routes';

/** The §7 loaders, in the spec's order. */
export const QUEUE_TYPES = [
  'liveEventChannel',
  'movieExtras',
  'seriesExtras',
  'playlist',
  'watchList',
  'movieChannel',
  'dynamicMovieChannel',
  'seriesEpisodes',
  'seriesByDynamicEpisode',
  'videoChannel',
  'dynamicVideoChannel',
] as const;
export type QueueType = (typeof QUEUE_TYPES)[number];

/** The loaders whose id is a dynamic pseudo-channel (recent, popular-movies…). */
export const DYNAMIC_QUEUE_TYPES: readonly QueueType[] = ['dynamicMovieChannel', 'dynamicVideoChannel'];

/** The watch list's loader is the viewer's own: its id is always this. */
export const WATCH_LIST_QUEUE_ID = 'me';

/**
 * §7 "Queue page size is 50 for the dynamic-all and continue-watching lists and 20 otherwise." None
 * of the eleven loaders is one of those two lists (they are rows with their own calls), so each
 * loader pages by 20.
 */
export function queuePageSize(_type: QueueType): number {
  return PageSize.queue;
}

/** The spec's Queue shape. */
export interface QueueShape<T> {
  id: string;
  type: QueueType;
  items: T[];
  /** Zero-based, as every paged call here. */
  page: number;
  totalPages: number;
  hasMore: boolean;
}

/** A queue from one page of the spec's paginated shape (current_page, total_pages…). */
export function toQueue<T>(
  type: QueueType,
  id: string,
  p: { items: T[]; current_page: number; total_pages: number },
): QueueShape<T> {
  return {
    id,
    type,
    items: p.items,
    page: p.current_page,
    totalPages: p.total_pages,
    hasMore: p.current_page + 1 < p.total_pages,
  };
}

/** A queue from a whole list the caller already holds (the watch list), cut to one page. */
export function queueOfList<T>(type: QueueType, id: string, all: T[], page: number, pageSize: number) {
  const start = page * pageSize;
  return toQueue(type, id, {
    items: all.slice(start, start + pageSize),
    current_page: page,
    total_pages: Math.ceil(all.length / pageSize),
  });
}

export function isDynamicChannelId(id: string): id is DynamicChannelId {
  return (DYNAMIC_CHANNEL_IDS as readonly string[]).includes(id);
}

/** Where a watch screen plays from: the matched route and what is known of the video. */
export interface QueueSourceInput {
  kind: WatchRouteKind;
  channelId?: string | null;
  dynamicType?: string | null;
  seriesUid?: string | null;
  playlistUid?: string | null;
  movieVuid?: string | null;
  videoUid: string;
  /** The video's own type and series, once loaded (an episode may come without a series in the route). */
  video?: { type: string; series?: { uid: string } | null } | null;
}

/**
 * Which §7 loader fills the queue of a watch screen, or null when none does (a single video, a
 * featured item, a watch party). A dynamic type counts only where the route has no channel.
 */
export function queueSource(input: QueueSourceInput): { type: QueueType; id: string } | null {
  const dyn = input.channelId ? null : (input.dynamicType ?? null);
  const channel = input.channelId ?? null;
  switch (input.kind) {
    case 'movie-extra':
      return input.movieVuid ? { type: 'movieExtras', id: input.movieVuid } : null;
    case 'series-extra':
      return input.seriesUid ? { type: 'seriesExtras', id: input.seriesUid } : null;
    case 'watch-list':
      return { type: 'watchList', id: WATCH_LIST_QUEUE_ID };
    case 'playlist':
      return input.playlistUid ? { type: 'playlist', id: input.playlistUid } : null;
    case 'live':
      return channel ? { type: 'liveEventChannel', id: channel } : null;
    case 'one':
    case 'party':
    case 'live-party':
      return null;
    default:
      break;
  }
  const series = input.seriesUid ?? input.video?.series?.uid ?? null;
  if (series) return { type: 'seriesEpisodes', id: series };
  if (input.kind === 'episode' || input.video?.type === 'episode')
    return { type: 'seriesByDynamicEpisode', id: input.videoUid };
  const movie = input.kind === 'movie' || input.video?.type === 'movie';
  if (channel) return { type: movie ? 'movieChannel' : 'videoChannel', id: channel };
  if (dyn && isDynamicChannelId(dyn))
    return { type: movie ? 'dynamicMovieChannel' : 'dynamicVideoChannel', id: dyn };
  return null;
}
