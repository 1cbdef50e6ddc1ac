import { queueInfiniteQueryOptions, videoQueryOptions } from '@marquee/api-client';
import type { Video } from '@marquee/contract';
import {
  PLAY_QUEUE_LIMIT,
  PLAY_QUEUE_STEP,
  itemsAfterCurrent,
  nextEpisode,
  queueWindow,
  type QueueType,
} from '@marquee/domain';
import { useSession } from '@marquee/api-client/react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { api } from '../../../lib/api';
import {
  SERIES_QUEUE_TYPES,
  WHOLE_LIST_QUEUE_TYPES,
  watchQueueSource,
  type WatchQueueSourceInput,
} from '../utils/watch-queue-source';
import type { WatchRouteInfo } from '../utils/watch-route-info';

/**
 * Where the viewer is watching from. Only `videoUid` is required: on a plain route the loader
 * follows the video itself (an episode's series, a movie's channel).
 */
export interface WatchQueueContext extends WatchQueueSourceInput {
  /** How many items to show at first (default 20, the play queue's limit); `loadMore` adds 20. */
  limit?: number;
}

/** The §7 loader the queue comes from (decision 0062), or none. */
export type WatchQueueKind = QueueType | 'none';

export interface WatchQueue {
  kind: WatchQueueKind;
  /** A series' episodes, to be grouped by season (`groupBySeason`). */
  bySeason: boolean;
  /**
   * The items to show, at most the limit. A series: every episode in season then episode order (the
   * current one included). Extras: every extra, the current one included. Otherwise: the items
   * after the current one.
   */
  items: Video[];
  /** More items exist (already loaded or on a further page). */
  hasMore: boolean;
  /** Shows 20 more (fetching the next page when needed). */
  loadMore: () => void;
  isLoading: boolean;
  isError: boolean;
  /** The video the end-of-video rule plays next from this queue (null when none). */
  next: Video | null;
  currentUid: string;
}

/** The queue of a watch route's variant: the right-menu Queue tab and the end rule ask the same, so one cache. */
export function routeQueueContext(route: WatchRouteInfo): WatchQueueContext {
  const params = route.route;
  return {
    videoUid: route.variant.videoUid,
    channelId: params.channelId ?? null,
    seriesUid: params.seriesUid ?? null,
    dynamicType: params.channelId ? null : (params.dynamicType ?? null),
    playlistUid: params.playlistUid ?? null,
    movieVuid: params.movieVuid ?? null,
    routeKind: params.kind,
  };
}

/**
 * The play queue of the watch screen (discovery-and-site "Side panels": play queue, limit 20, +20;
 * playback-and-social §7 queue loaders): every queue is read through the queue call
 * (`GET /v2/sites/{site}/queues/{type}/{id}`, the watch list's `/v2/me/…/queues/watch-list`), page
 * after page while the Queue says `hasMore`. Used by the queue panel, the end-of-video rule and the
 * embed "Up Next" list (which passes its clamped `queueSize` as `limit`).
 *
 * Stable signature: `useWatchQueue(ctx) → { kind, bySeason, items, hasMore, loadMore, isLoading, isError, next, currentUid }`.
 */
export function useWatchQueue(ctx: WatchQueueContext): WatchQueue {
  const initial = ctx.limit ?? PLAY_QUEUE_LIMIT;
  const [shown, setShown] = useState(initial);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the queue length starts over for each video
  useEffect(() => setShown(initial), [initial, ctx.videoUid]);

  const video = useQuery(videoQueryOptions(api, ctx.videoUid));
  const { status, user } = useSession();
  const source = watchQueueSource(ctx, video.data, video.isSuccess || video.isError);
  const kind: WatchQueueKind = source?.type ?? 'none';
  const bySeason = SERIES_QUEUE_TYPES.includes(kind as QueueType);
  // The watch list's queue is the viewer's own: none for an anonymous viewer.
  const pages = useInfiniteQuery({
    ...queueInfiniteQueryOptions(api, source?.type ?? 'videoChannel', source?.id ?? '', user?.id ?? null),
    enabled: !!source && (source.type !== 'watchList' || status === 'signedIn'),
  });

  const loaded = useMemo<Video[]>(() => pages.data?.pages.flatMap((p) => p.items) ?? [], [pages.data]);
  const wholeList = WHOLE_LIST_QUEUE_TYPES.includes(kind as QueueType);
  const all = useMemo(
    () => (wholeList ? loaded : itemsAfterCurrent(loaded, ctx.videoUid)),
    [wholeList, loaded, ctx.videoUid],
  );
  const currentIndex = all.findIndex((v) => v.uid === ctx.videoUid);

  const next = useMemo<Video | null>(() => {
    if (bySeason) {
      const current = all.find((v) => v.uid === ctx.videoUid)?.series ?? video.data?.series;
      if (!current) return null;
      const refs = all.flatMap((v) => (v.series ? [{ ...v.series, video: v }] : []));
      return nextEpisode(refs, current)?.video ?? null;
    }
    if (wholeList) return itemsAfterCurrent(all, ctx.videoUid)[0] ?? null;
    return all[0] ?? null;
  }, [bySeason, wholeList, all, ctx.videoUid, video.data]);

  // A whole list shows whole steps of 20 that reach the current item, so it is always in view.
  const limit = wholeList ? queueWindow(all.length, shown, currentIndex) : shown;

  const { hasNextPage, fetchNextPage, isFetchingNextPage } = pages;
  const loadMore = useCallback(() => {
    setShown((n) => n + PLAY_QUEUE_STEP);
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  // Keep a page ahead of what is shown, so "Show more" (and a series' next episode) has items at
  // once; a whole list also pages on until it reaches the playing item.
  const short = all.length < limit + PLAY_QUEUE_STEP || (wholeList && currentIndex < 0);
  useEffect(() => {
    if (short && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [short, hasNextPage, isFetchingNextPage, fetchNextPage]);

  return {
    kind,
    bySeason,
    items: all.slice(0, limit),
    hasMore: all.length > limit || !!hasNextPage,
    loadMore,
    isLoading: source === undefined || (pages.isPending && pages.fetchStatus !== 'idle'),
    isError: pages.isError,
    next,
    currentUid: ctx.videoUid,
  };
}
