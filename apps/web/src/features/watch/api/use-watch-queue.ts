import {
  channelItemsHref,
  channelQueryOptions,
  dynamicItemsHref,
  queueInfiniteQueryOptions,
  rowItemsInfiniteQueryOptions,
  seriesQueryOptions,
  sitePath,
  videoQueryOptions,
} from '@marquee/api-client';
import type { Video } from '@marquee/contract';
import {
  DYNAMIC_CHANNEL_IDS,
  PLAY_QUEUE_LIMIT,
  PLAY_QUEUE_STEP,
  dynamicChannel,
  itemsAfterCurrent,
  nextEpisode,
  queueSource,
  queueWindow,
  type DynamicChannelId,
  type QueueType,
  type WatchRouteKind,
} from '@marquee/domain';
import { useSession } from '@marquee/api-client/react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { api } from '../../../lib/api';
import type { WatchRouteInfo } from '../utils/watch-route-info';

/**
 * Where the viewer is watching from. Only `videoUid` is required: an episode's series is read
 * from the video itself when `seriesUid` is not given.
 */
export interface WatchQueueContext {
  videoUid: string;
  channelId?: string | null;
  seriesUid?: string | null;
  /** A dynamic pseudo-channel (recent, popular, recommended, recent-movies, …). */
  dynamicType?: string | null;
  playlistUid?: string | null;
  /** The matched watch route: extras, the watch list and live events have their own §7 loaders. */
  routeKind?: WatchRouteKind;
  /** A movie extra's movie. */
  movieVuid?: string | null;
  /** How many items to show at first (default 20, the play queue's limit); `loadMore` adds 20. */
  limit?: number;
}

/** The §7 loaders this hook reads through the queue call (the others through the list calls they share with rows). */
const LOADER_KINDS = [
  'movieExtras',
  'seriesExtras',
  'watchList',
  'liveEventChannel',
] as const satisfies readonly QueueType[];
type LoaderKind = (typeof LOADER_KINDS)[number];
const isLoaderKind = (t: QueueType): t is LoaderKind => (LOADER_KINDS as readonly string[]).includes(t);
/** Extras list every extra with the current one marked, as a series its episodes (decision 0062). */
const WHOLE_LIST_KINDS: readonly WatchQueueKind[] = ['series', 'movieExtras', 'seriesExtras'];

export type WatchQueueKind = 'series' | 'channel' | 'dynamic' | 'playlist' | LoaderKind | 'none';

export interface WatchQueue {
  kind: WatchQueueKind;
  /**
   * The items to show, at most the limit. Series: every episode in season then episode order (the
   * current one included; group them with `groupBySeason`). Extras: every extra, the current one
   * included. Otherwise: the items after the current one.
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

/** The list call behind a dynamic pseudo-channel, or null for one we do not list (featured). */
function dynamicHref(type: string): string | null {
  if (!(DYNAMIC_CHANNEL_IDS as readonly string[]).includes(type)) return null;
  const { order, fixedList } = dynamicChannel(type as DynamicChannelId);
  return dynamicItemsHref(api, order, fixedList ?? 'videos');
}

/**
 * The play queue of the watch screen (discovery-and-site "Side panels": play queue, limit 20, +20):
 * a series' episodes by season; a channel's videos after the current one; a dynamic channel's or a
 * playlist's list. Used by the queue panel, the end-of-video rule and the embed "Up Next" list
 * (which passes its clamped `queueSize` as `limit`).
 *
 * Stable signature: `useWatchQueue(ctx) → { kind, items, hasMore, loadMore, isLoading, isError, next, currentUid }`.
 */
export function useWatchQueue(ctx: WatchQueueContext): WatchQueue {
  const initial = ctx.limit ?? PLAY_QUEUE_LIMIT;
  const [shown, setShown] = useState(initial);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the queue length starts over for each video
  useEffect(() => setShown(initial), [initial, ctx.videoUid]);

  const video = useQuery(videoQueryOptions(api, ctx.videoUid));
  const { status, user } = useSession();
  const source = ctx.routeKind
    ? queueSource({
        kind: ctx.routeKind,
        videoUid: ctx.videoUid,
        channelId: ctx.channelId ?? null,
        dynamicType: ctx.dynamicType ?? null,
        seriesUid: ctx.seriesUid ?? null,
        playlistUid: ctx.playlistUid ?? null,
        movieVuid: ctx.movieVuid ?? null,
      })
    : null;
  const loader = source && isLoaderKind(source.type) ? { ...source, type: source.type } : null;
  const seriesUid = ctx.seriesUid ?? video.data?.series?.uid ?? null;
  const kind: WatchQueueKind = loader
    ? loader.type
    : seriesUid
      ? 'series'
      : ctx.playlistUid
        ? 'playlist'
        : ctx.dynamicType
          ? 'dynamic'
          : ctx.channelId
            ? 'channel'
            : 'none';
  // Wait for the video before choosing a channel list: it may turn out to be an episode.
  const videoKnown = !!ctx.seriesUid || video.isSuccess || video.isError;

  const series = useQuery({ ...seriesQueryOptions(api, seriesUid ?? ''), enabled: kind === 'series' });
  const channel = useQuery({
    ...channelQueryOptions(api, ctx.channelId ?? ''),
    enabled: kind === 'channel' && videoKnown,
  });
  const href =
    kind === 'playlist'
      ? sitePath(api.site, 'playlists', ctx.playlistUid!)
      : kind === 'dynamic'
        ? dynamicHref(ctx.dynamicType!)
        : kind === 'channel' && channel.data
          ? channelItemsHref(api, channel.data)
          : null;
  const list = useInfiniteQuery({
    ...rowItemsInfiniteQueryOptions(api, href ?? ''),
    enabled: !!href && videoKnown,
  });
  // The watch list's queue is the viewer's own: none for an anonymous viewer.
  const loaded = useInfiniteQuery({
    ...queueInfiniteQueryOptions(api, loader?.type ?? 'movieExtras', loader?.id ?? '', user?.id ?? null),
    enabled: !!loader && (loader.type !== 'watchList' || status === 'signedIn'),
  });
  const fromLoader = !!loader;
  const pages = fromLoader ? loaded : list;

  const all = useMemo<Video[]>(() => {
    if (kind === 'series') {
      const episodes = (series.data?.seasons ?? []).flatMap((s) => s.episodes);
      return episodes.sort(
        (a, b) =>
          (a.series?.season ?? 0) - (b.series?.season ?? 0) ||
          (a.series?.episode ?? 0) - (b.series?.episode ?? 0),
      );
    }
    const items = (fromLoader ? loaded.data?.pages : list.data?.pages)?.flatMap((p) => p.items) ?? [];
    return WHOLE_LIST_KINDS.includes(kind) ? items : itemsAfterCurrent(items, ctx.videoUid);
  }, [kind, fromLoader, series.data, list.data, loaded.data, ctx.videoUid]);

  const next = useMemo<Video | null>(() => {
    if (kind === 'series') {
      const current = all.find((v) => v.uid === ctx.videoUid)?.series ?? video.data?.series;
      if (!current) return null;
      const refs = all.flatMap((v) => (v.series ? [{ ...v.series, video: v }] : []));
      return nextEpisode(refs, current)?.video ?? null;
    }
    if (WHOLE_LIST_KINDS.includes(kind)) return itemsAfterCurrent(all, ctx.videoUid)[0] ?? null;
    return all[0] ?? null;
  }, [kind, all, ctx.videoUid, video.data]);

  const { hasNextPage, fetchNextPage, isFetchingNextPage } = pages;
  const loadMore = useCallback(() => {
    setShown((n) => n + PLAY_QUEUE_STEP);
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  // Keep a page ahead of what is shown, so "Show more" has items at once.
  useEffect(() => {
    if (kind !== 'series' && all.length < shown + PLAY_QUEUE_STEP && hasNextPage && !isFetchingNextPage) {
      void fetchNextPage();
    }
  }, [kind, all.length, shown, hasNextPage, isFetchingNextPage, fetchNextPage]);

  // A series shows whole steps of 20 that reach the current episode, so it is always in view.
  const limit =
    kind === 'series'
      ? queueWindow(
          all.length,
          shown,
          all.findIndex((v) => v.uid === ctx.videoUid),
        )
      : shown;
  const state = kind === 'series' ? series : kind === 'channel' && !channel.data ? channel : pages;
  return {
    kind,
    items: all.slice(0, limit),
    hasMore: all.length > limit || (kind !== 'series' && !!hasNextPage),
    loadMore,
    isLoading: kind !== 'none' && (!videoKnown || (state.isPending && state.fetchStatus !== 'idle')),
    isError: state.isError,
    next,
    currentUid: ctx.videoUid,
  };
}
