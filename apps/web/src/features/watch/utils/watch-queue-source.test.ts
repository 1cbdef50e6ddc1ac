import { describe, expect, it, vi } from 'vitest';
import { createApiClient, queueInfiniteQueryOptions } from '@marquee/api-client';
import type { Queue } from '@marquee/contract';
import { watchQueueSource } from './watch-queue-source';

const episode = { type: 'episode', series: { uid: 'orbit' } };
const video = { type: 'video', series: null };
const movie = { type: 'movie', series: null };

/** The path the web's queue query asks for a watch screen (playback-and-social §7; decision 0062). */
async function requestedPath(source: NonNullable<ReturnType<typeof watchQueueSource>>) {
  const fetch = vi.fn<typeof globalThis.fetch>(async () =>
    Response.json({ id: source.id, type: source.type, items: [], page: 0, totalPages: 0, hasMore: false }),
  );
  const api = createApiClient({ site: 'demo', source: 'web', fetch });
  const options = queueInfiniteQueryOptions(api, source.type, source.id, null);
  const queryFn = options.queryFn as (c: { pageParam: number }) => Promise<Queue>;
  const page = await queryFn({ pageParam: 0 });
  expect(page).toMatchObject({ hasMore: false });
  expect(options.getNextPageParam({ ...page, hasMore: true, page: 2 }, [], 2, [])).toBe(3);
  return new URL(String(fetch.mock.calls[0]?.[0]), 'http://x').pathname;
}

describe('the watch queue reads every loader through the queue call (§7, decision 0062)', () => {
  it("a series' episodes: from a plain channel route once the video is an episode, and from the episode route at once", async () => {
    const plain = { videoUid: 'orbit-s1e3', channelId: 'shows', routeKind: 'video' as const };
    expect(watchQueueSource(plain, undefined, false)).toBeUndefined();
    const fromVideo = watchQueueSource(plain, episode, true)!;
    expect(fromVideo).toEqual({ type: 'seriesEpisodes', id: 'orbit' });
    expect(await requestedPath(fromVideo)).toBe('/v2/sites/demo/queues/seriesEpisodes/orbit');
    const route = { ...plain, routeKind: 'episode' as const, seriesUid: 'orbit' };
    expect(watchQueueSource(route, undefined, false)).toEqual(fromVideo);
  });

  it("a channel's videos or movies, by what the video is", async () => {
    const ctx = { videoUid: 'v1', channelId: 'originals' };
    const channel = watchQueueSource(ctx, video, true)!;
    expect(channel).toEqual({ type: 'videoChannel', id: 'originals' });
    expect(await requestedPath(channel)).toBe('/v2/sites/demo/queues/videoChannel/originals');
    expect(watchQueueSource({ ...ctx, routeKind: 'movie' }, undefined, false)).toEqual({
      type: 'movieChannel',
      id: 'originals',
    });
    expect(watchQueueSource(ctx, movie, true)).toEqual({ type: 'movieChannel', id: 'originals' });
  });

  it('a dynamic channel, a playlist and an episode reached without its series have their loaders', async () => {
    const dyn = watchQueueSource(
      { videoUid: 'v1', dynamicType: 'popular', routeKind: 'video' },
      video,
      true,
    )!;
    expect(dyn).toEqual({ type: 'dynamicVideoChannel', id: 'popular' });
    expect(await requestedPath(dyn)).toBe('/v2/sites/demo/queues/dynamicVideoChannel/popular');
    const playlist = watchQueueSource(
      { videoUid: 'v1', playlistUid: 'p1', routeKind: 'playlist' },
      null,
      false,
    )!;
    expect(await requestedPath(playlist)).toBe('/v2/sites/demo/queues/playlist/p1');
    // The episode route keeps its own loader even once the video (and its series) is known.
    expect(watchQueueSource({ videoUid: 'e1', routeKind: 'episode' }, episode, true)).toEqual({
      type: 'seriesByDynamicEpisode',
      id: 'e1',
    });
    expect(await requestedPath({ type: 'watchList', id: 'me' })).toBe('/v2/me/sites/demo/queues/watch-list');
  });

  it('a single video, a featured item and a watch party have no queue', () => {
    expect(watchQueueSource({ videoUid: 'v1', routeKind: 'one' }, video, true)).toBeNull();
    expect(watchQueueSource({ videoUid: 'v1', dynamicType: 'featured' }, video, true)).toBeNull();
    expect(watchQueueSource({ videoUid: 'v1', routeKind: 'party' }, video, true)).toBeNull();
  });
});
