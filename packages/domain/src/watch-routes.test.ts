import { describe, expect, it } from 'vitest';
import {
  showsHeaderClose,
  searchWatchPath,
  canonicalOfPath,
  canonicalWatchPath,
  clampQueueSize,
  createWatchStateStore,
  EMBED_QUEUE_OFFSET,
  matchWatchPath,
  MISSING_CHANNEL_ID,
  MISSING_PLAYLIST_ID,
  NO_WATCH_STATE,
  parseWatchFlags,
  WATCH_ROUTE_PATTERNS,
  WATCH_STATE_IDS,
  WATCH_STATE_STORAGE_KEY,
  watchFlagsQuery,
  watchPageTitle,
  watchVariant,
} from './watch-routes';

describe('watchVariant (§2.2 watch variants)', () => {
  it('channel-video and {dynamicType}-video: channelId, videoUid', () => {
    expect(watchVariant({ kind: 'video', channelId: 'news', videoUid: 'v1' })).toMatchObject({
      variant: 'channel-video',
      channelId: 'news',
      videoUid: 'v1',
      state: { id: 'video', channelId: 'news', videoUid: 'v1', type: 'channel-video' },
    });
    expect(watchVariant({ kind: 'video', dynamicType: 'popular', videoUid: 'v1' })).toMatchObject({
      variant: 'popular-video',
      channelId: 'popular',
      state: { id: 'video', dynamicType: 'popular', channelId: null },
    });
  });
  it('one: dynamicType, videoUid', () => {
    expect(watchVariant({ kind: 'one', dynamicType: 'recent', videoUid: 'v2' })).toMatchObject({
      variant: 'one',
      channelId: 'recent',
      state: { id: 'one', dynamicType: 'recent', videoUid: 'v2' },
    });
  });
  it('channel-live-event and channel-live-event-party (hostId in the route form)', () => {
    expect(watchVariant({ kind: 'live', channelId: 'c', videoUid: 'ev' })).toMatchObject({
      variant: 'channel-live-event',
      state: { id: 'live-event', liveEventUid: 'ev', channelId: 'c' },
    });
    expect(watchVariant({ kind: 'live-party', channelId: 'c', videoUid: 'ev', hostId: 'h1' })).toMatchObject({
      variant: 'channel-live-event-party',
      state: { id: 'watch-party', liveEventUid: 'ev', 'watch-party': 'h1' },
    });
  });
  it('channel-movie or {dynamicType}-movie', () => {
    expect(watchVariant({ kind: 'movie', channelId: 'films', videoUid: 'm' }).variant).toBe('channel-movie');
    expect(watchVariant({ kind: 'movie', dynamicType: 'recent', videoUid: 'm' })).toMatchObject({
      variant: 'recent-movie',
      channelId: 'recent',
      state: { id: 'movie' },
    });
  });
  it('movie-extra (videoUid, movieVuid) and series-extra (videoUid, seriesUid)', () => {
    expect(watchVariant({ kind: 'movie-extra', movieVuid: 'm', videoUid: 'x' })).toMatchObject({
      variant: 'movie-extra',
      state: { id: 'movie-extra', movieVuid: 'm', videoUid: 'x' },
    });
    expect(watchVariant({ kind: 'series-extra', seriesUid: 's', videoUid: 'x' })).toMatchObject({
      variant: 'series-extra',
      state: { id: 'series-extra', seriesUid: 's' },
    });
  });
  it('channel-series or {dynamicType}-episode (channelId, seriesUid, videoUid)', () => {
    expect(
      watchVariant({ kind: 'episode', channelId: 'shows', seriesUid: 's', videoUid: 'e' }),
    ).toMatchObject({
      variant: 'channel-series',
      state: { id: 'series', seriesUid: 's', channelId: 'shows' },
    });
    expect(
      watchVariant({ kind: 'episode', dynamicType: 'recommended', seriesUid: 's', videoUid: 'e' }).variant,
    ).toBe('recommended-episode');
  });
  it('playlist, watch-list (hostId) and party (VOD watch party, pid)', () => {
    expect(watchVariant({ kind: 'playlist', playlistUid: 'p', videoUid: 'v' })).toMatchObject({
      variant: 'playlist',
      state: { id: 'playlist', playlistUid: 'p' },
    });
    expect(watchVariant({ kind: 'watch-list', videoUid: 'v', hostId: 'h' })).toMatchObject({
      variant: 'watch-list',
      state: { id: 'watch-list', 'watch-party': 'h' },
    });
    expect(watchVariant({ kind: 'party', videoUid: 'v', pid: 'p9' })).toMatchObject({
      variant: 'party',
      state: { id: 'vod-watch-party', 'watch-party': 'p9' },
    });
  });
  it("§5 'Missing channel id' and 'Missing playlist id' reject the load", () => {
    expect(() => watchVariant({ kind: 'video', videoUid: 'v' })).toThrow(MISSING_CHANNEL_ID);
    expect(() => watchVariant({ kind: 'live', videoUid: 'v' })).toThrow(MISSING_CHANNEL_ID);
    expect(() => watchVariant({ kind: 'playlist', videoUid: 'v' })).toThrow(MISSING_PLAYLIST_ID);
  });
  it('keeps q in the state', () => {
    expect(watchVariant({ kind: 'video', channelId: 'c', videoUid: 'v', q: 'cats' }).state.q).toBe('cats');
  });
});

describe('matchWatchPath (the §2.2 route table, with or without /watch)', () => {
  it.each([
    ['/channel/news/v1', { kind: 'video', channelId: 'news', videoUid: 'v1' }],
    ['/featured/v1', { kind: 'video', dynamicType: 'featured', videoUid: 'v1' }],
    ['/recommended/v1', { kind: 'video', dynamicType: 'recommended', videoUid: 'v1' }],
    ['/search/one/v1', { kind: 'one', dynamicType: 'search', videoUid: 'v1' }],
    ['/channel/c/live/ev', { kind: 'live', channelId: 'c', videoUid: 'ev' }],
    ['/channel/c/live/ev/watch-party/h', { kind: 'live-party', channelId: 'c', videoUid: 'ev', hostId: 'h' }],
    ['/playlist/p/v', { kind: 'playlist', playlistUid: 'p', videoUid: 'v' }],
    ['/channel/c/movie/m', { kind: 'movie', channelId: 'c', videoUid: 'm' }],
    ['/popular/movie/m', { kind: 'movie', dynamicType: 'popular', videoUid: 'm' }],
    ['/movie/m/extras/x', { kind: 'movie-extra', movieVuid: 'm', videoUid: 'x' }],
    ['/channel/c/series/s/episode/e', { kind: 'episode', channelId: 'c', seriesUid: 's', videoUid: 'e' }],
    ['/recent/series/s/episode/e', { kind: 'episode', dynamicType: 'recent', seriesUid: 's', videoUid: 'e' }],
    ['/series/s/extra/x', { kind: 'series-extra', seriesUid: 's', videoUid: 'x' }],
    ['/watch-list/v', { kind: 'watch-list', videoUid: 'v' }],
    [
      '/watch/channel/c/series/s/episode/e',
      { kind: 'episode', channelId: 'c', seriesUid: 's', videoUid: 'e' },
    ],
  ])('%s', (path, expected) => {
    expect(matchWatchPath(path)).toEqual(expected);
  });
  it('is null for other pages', () => {
    expect(matchWatchPath('/')).toBeNull();
    expect(matchWatchPath('/movie/m')).toBeNull();
    expect(matchWatchPath('/pages/home/d/discover')).toBeNull();
    expect(matchWatchPath('/channel/only')).toBeNull();
    expect(matchWatchPath('/featured/a/b/c')).toBeNull();
  });
});

describe('canonical URL (§2.2)', () => {
  it('/watch/channel/{channel}/ + series/{seriesUid}/episode/{uid} | {uid} | live/{uid} | {type}/{uid}', () => {
    expect(canonicalWatchPath({ channelId: 'c', videoUid: 'e', seriesUid: 's' })).toBe(
      '/watch/channel/c/series/s/episode/e',
    );
    expect(canonicalWatchPath({ channelId: 'c', videoUid: 'v' })).toBe('/watch/channel/c/v');
    expect(canonicalWatchPath({ channelId: 'c', videoUid: 'ev', live: true })).toBe(
      '/watch/channel/c/live/ev',
    );
    expect(canonicalWatchPath({ channelId: 'c', videoUid: 'm', type: 'movie' })).toBe(
      '/watch/channel/c/movie/m',
    );
  });
  it('of a site path: dynamic routes point at their pseudo-channel; non-watch paths have none', () => {
    expect(canonicalOfPath('/popular/v1')).toBe('/watch/channel/popular/v1');
    expect(canonicalOfPath('/recent/series/s/episode/e')).toBe('/watch/channel/recent/series/s/episode/e');
    expect(canonicalOfPath('/channel/c/live/ev/watch-party/h')).toBe('/watch/channel/c/live/ev');
    expect(canonicalOfPath('/watch/channel/c/v')).toBe('/watch/channel/c/v');
    expect(canonicalOfPath('/pages/home/d/discover')).toBeNull();
  });
});

describe('page title (§2.2)', () => {
  it("video title (plus the series title for episodes), tab label and state title, joined with ' | '", () => {
    expect(
      watchPageTitle({
        videoTitle: 'Pilot',
        seriesTitle: 'Night Shift',
        tabLabel: 'Video Info',
        stateTitle: 'Acme',
      }),
    ).toBe('Pilot | Night Shift | Video Info | Acme');
    expect(watchPageTitle({ videoTitle: 'Film', tabLabel: null, stateTitle: 'Acme' })).toBe('Film | Acme');
  });
});

describe('embed flags (§2.2, §5)', () => {
  it('queueSize is clamped between 0 and 20; default 20', () => {
    expect(clampQueueSize('-4')).toBe(0);
    expect(clampQueueSize('0')).toBe(0);
    expect(clampQueueSize('7')).toBe(7);
    expect(clampQueueSize('21')).toBe(20);
    expect(clampQueueSize('999')).toBe(20);
    expect(clampQueueSize('abc')).toBe(20);
    expect(clampQueueSize(null)).toBe(20);
  });
  it('"Default queue offset 250": the Up Next column beside an embedded player is 250 px (decision 0062)', () => {
    expect(EMBED_QUEUE_OFFSET).toBe(250);
  });
  it('parses embed, lite, autoplay, autoplayNext, queue, queueSize, transparent and mute', () => {
    expect(parseWatchFlags('')).toEqual({
      embed: false,
      lite: false,
      autoplay: true,
      autoplayNext: false,
      queue: false,
      queueSize: 20,
      transparent: false,
      mute: false,
    });
    expect(
      parseWatchFlags(
        'embed&lite=1&autoplay=false&autoplayNext=true&queue=1&queueSize=50&transparent=1&mute=1',
      ),
    ).toEqual({
      embed: true,
      lite: true,
      autoplay: false,
      autoplayNext: true,
      queue: true,
      queueSize: 20,
      transparent: true,
      mute: true,
    });
  });
  it('round-trips through watchFlagsQuery', () => {
    const flags = parseWatchFlags('embed=1&queue=1&queueSize=5&mute=1&autoplay=0');
    expect(parseWatchFlags(watchFlagsQuery(flags))).toEqual(flags);
  });
});

describe('watch state store (§2.2 remembered for the session, memory where storage is unsupported)', () => {
  const state = watchVariant({ kind: 'video', channelId: 'c', videoUid: 'v' }).state;
  it('keeps the state in session storage', () => {
    const map = new Map<string, string>();
    const storage = {
      getItem: (k: string) => map.get(k) ?? null,
      setItem: (k: string, v: string) => void map.set(k, v),
      removeItem: (k: string) => void map.delete(k),
    };
    const store = createWatchStateStore(() => storage);
    expect(store.get()).toEqual(NO_WATCH_STATE);
    store.set(state);
    expect(JSON.parse(map.get(WATCH_STATE_STORAGE_KEY)!)).toEqual(state);
    // A second store (a reload in the same tab) reads it back.
    expect(createWatchStateStore(() => storage).get()).toEqual(state);
    expect(store.persistent()).toBe(true);
    store.clear();
    expect(map.has(WATCH_STATE_STORAGE_KEY)).toBe(false);
  });
  it('falls back to memory when reading sessionStorage throws', () => {
    const store = createWatchStateStore(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    store.set(state);
    expect(store.get()).toEqual(state);
    expect(store.persistent()).toBe(false);
  });
  it('falls back to memory when writes throw (quota, private mode)', () => {
    const store = createWatchStateStore(() => ({
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    }));
    store.set(state);
    expect(store.get()).toEqual(state);
  });
  it('ignores a stored value with an unknown state id', () => {
    const store = createWatchStateStore(() => ({
      getItem: () => JSON.stringify({ id: 'bogus' }),
      setItem: () => undefined,
      removeItem: () => undefined,
    }));
    expect(store.get()).toEqual(NO_WATCH_STATE);
    expect(WATCH_STATE_IDS).toHaveLength(12);
  });
});

describe('WATCH_ROUTE_PATTERNS', () => {
  it('every pattern gives watchVariant what it needs from its parameters (as a router fills them) and its fixed type', () => {
    for (const { kind, path, dynamicType } of WATCH_ROUTE_PATTERNS) {
      const params: Record<string, string> = {};
      for (const seg of path.split('/')) if (seg.startsWith(':')) params[seg.slice(1)] = `x-${seg.slice(1)}`;
      expect(
        () => watchVariant({ kind, ...params, ...(dynamicType ? { dynamicType } : {}) }),
        path,
      ).not.toThrow();
    }
  });
});

describe('showsHeaderClose (D§2.9 "a close button outside watch states", decision 0061)', () => {
  it('shows on screens that are not watch states and not top-level pages', () => {
    for (const path of [
      '/movie/m1',
      '/series/s1',
      '/searchs',
      '/library',
      '/profile-info',
      '/channels/details/c1',
      '/gif/g1',
      '/login',
    ])
      expect(showsHeaderClose(path), path).toBe(true);
  });

  it('hides in every watch state (also under /watch and with an embed overlay) and on the live and party screens', () => {
    for (const path of [
      '/channel/shows/v1',
      '/watch/channel/shows/v1',
      '/channel/c/live/le1',
      '/popular/v1',
      '/recent/movie/m1',
      '/playlist/p1/v1',
      '/movie/m1/extras/x1',
      '/watch-list/v1',
      '/channel/shows/v1/embed/info',
      '/watch-party',
      '/live-tv/ch1',
    ])
      expect(showsHeaderClose(path), path).toBe(false);
  });

  it('hides on the home page and its tabs', () => {
    for (const path of ['/', '', '/pages/home', '/pages/home/d/tab1'])
      expect(showsHeaderClose(path), path).toBe(false);
  });
});

describe('the search pseudo-channel (D§2.3, decision 0069)', () => {
  it('a video from the search results plays at /search/one/{uid}?q=…, in channel search with q kept', () => {
    const href = searchWatchPath('v 1', ' night train ');
    expect(href).toBe('/search/one/v%201?q=night%20train');
    const [path, query] = href.split('?') as [string, string];
    const route = matchWatchPath(path);
    expect(route).toEqual({ kind: 'one', dynamicType: 'search', videoUid: 'v 1' });
    const q = new URLSearchParams(query).get('q') ?? undefined;
    const variant = watchVariant({ ...route!, q });
    expect(variant.channelId).toBe('search');
    expect(variant.state).toMatchObject({
      id: 'one',
      dynamicType: 'search',
      q: 'night train',
      videoUid: 'v 1',
    });
  });

  it('an empty query adds no q', () => {
    expect(searchWatchPath('v1', '  ')).toBe('/search/one/v1');
  });
});
