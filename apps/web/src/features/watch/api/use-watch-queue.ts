import {
  channelItemsHref,
  channelQueryOptions,
  dynamicItemsHref,
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
  queueWindow,
  type DynamicChannelId,
} from '@marquee/domain';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { api } from '../../../lib/api';

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
  /** How many items to show at first (default 20, the play queue's limit); `loadMore` adds 20. */
  limit?: number;
}

export type WatchQueueKind = 'series' | 'channel' | 'dynamic' | 'playlist' | 'none';

export interface WatchQueue {
  kind: WatchQueueKind;
  /**
   * The items to show, at most the limit. Series: every episode in season then episode order (the
   * current one included; group them with `groupBySeason`). Otherwise: the items after the current one.
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
  const seriesUid = ctx.seriesUid ?? video.data?.series?.uid ?? null;
  const kind: WatchQueueKind = seriesUid
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

  const all = useMemo<Video[]>(() => {
    if (kind === 'series') {
      const episodes = (series.data?.seasons ?? []).flatMap((s) => s.episodes);
      return episodes.sort(
        (a, b) =>
          (a.series?.season ?? 0) - (b.series?.season ?? 0) ||
          (a.series?.episode ?? 0) - (b.series?.episode ?? 0),
      );
    }
    const loaded = list.data?.pages.flatMap((p) => p.items) ?? [];
    return itemsAfterCurrent(loaded, ctx.videoUid);
  }, [kind, series.data, list.data, ctx.videoUid]);

  const next = useMemo<Video | null>(() => {
    if (kind === 'series') {
      const current = all.find((v) => v.uid === ctx.videoUid)?.series ?? video.data?.series;
      if (!current) return null;
      const refs = all.flatMap((v) => (v.series ? [{ ...v.series, video: v }] : []));
      return nextEpisode(refs, current)?.video ?? null;
    }
    return all[0] ?? null;
  }, [kind, all, ctx.videoUid, video.data]);

  const { hasNextPage, fetchNextPage, isFetchingNextPage } = list;
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
  const source = kind === 'series' ? series : kind === 'channel' && !channel.data ? channel : list;
  return {
    kind,
    items: all.slice(0, limit),
    hasMore: all.length > limit || (kind !== 'series' && !!hasNextPage),
    loadMore,
    isLoading: kind !== 'none' && (!videoKnown || (source.isPending && source.fetchStatus !== 'idle')),
    isError: source.isError,
    next,
    currentUid: ctx.videoUid,
  };
}
