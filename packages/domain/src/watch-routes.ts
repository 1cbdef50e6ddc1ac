/**
 * Watch routes, variants and the watch state (playback-and-social §2.2), the embed flags
 * (discovery-and-site §2.12, playback-and-social §5) and the canonical URL and page title rules.
 */
import { SEARCH_CHANNEL_ID } from './catalog';

/** "Optional query flags are embed, lite, autoplay, autoplayNext, queue, queueSize, transparent and mute." */
export const WATCH_FLAGS = [
  'embed',
  'lite',
  'autoplay',
  'autoplayNext',
  'queue',
  'queueSize',
  'transparent',
  'mute',
] as const;
/** "Watch routes take the query parameters tag, gif, t, q and reload." */
export const WATCH_QUERY_PARAMS = ['tag', 'gif', 't', 'q', 'reload'] as const;

/** The dynamic pseudo-channels with their own video routes (/featured/{uid}, /popular/{uid}…). */
export const DYNAMIC_VIDEO_TYPES = ['featured', 'popular', 'recent', 'recommended'] as const;
/** "popular, recent and recommended movie variants also exist". */
export const DYNAMIC_MOVIE_TYPES = ['popular', 'recent', 'recommended'] as const;
/** "recent and recommended episode variants also exist". */
export const DYNAMIC_EPISODE_TYPES = ['recent', 'recommended'] as const;

/** §5 "Missing ids: 'Missing channel id' and 'Missing playlist id' reject the load." */
export const MISSING_CHANNEL_ID = 'Missing channel id';
export const MISSING_PLAYLIST_ID = 'Missing playlist id';

/** §5 "Embed: queueSize is clamped between 0 and 20. Default page size is 20, or the embed queue size." */
export const EMBED_QUEUE_SIZE_MIN = 0;
export const EMBED_QUEUE_SIZE_MAX = 20;
export const EMBED_QUEUE_SIZE_DEFAULT = 20;
/**
 * §9 "embed queue offset 250": in an embed showing Up Next, the player leaves this many px at its right
 * for the Up Next column (frames at least 600 px wide; decision 0062).
 */
export const EMBED_QUEUE_OFFSET = 250;

/** Which route shape matched (the router knows it; the parameters alone cannot tell live from video). */
export type WatchRouteKind =
  | 'video'
  | 'one'
  | 'live'
  | 'live-party'
  | 'playlist'
  | 'movie'
  | 'movie-extra'
  | 'episode'
  | 'series-extra'
  | 'watch-list'
  | 'party';

export interface WatchRouteParams {
  kind: WatchRouteKind;
  channelId?: string;
  dynamicType?: string;
  videoUid?: string;
  movieVuid?: string;
  playlistUid?: string;
  seriesUid?: string;
  hostId?: string;
  pid?: string;
  q?: string;
}

/** §2.2 "The state ids are none, one, live-event, movie, movie-extra, playlist, series, series-extra, video, vod-watch-party, watch-party and watch-list." */
export const WATCH_STATE_IDS = [
  'none',
  'one',
  'live-event',
  'movie',
  'movie-extra',
  'playlist',
  'series',
  'series-extra',
  'video',
  'vod-watch-party',
  'watch-party',
  'watch-list',
] as const;
export type WatchStateId = (typeof WATCH_STATE_IDS)[number];

/** §2.2 "Its fields are id, channelId, dynamicType, liveEventUid, movieVuid, playlistUid, q, seriesUid, type, videoUid and watch-party." */
export interface WatchState {
  id: WatchStateId;
  channelId: string | null;
  dynamicType: string | null;
  liveEventUid: string | null;
  movieVuid: string | null;
  playlistUid: string | null;
  q: string | null;
  seriesUid: string | null;
  /** The watch variant (channel-video, popular-movie, recent-episode…). */
  type: string | null;
  videoUid: string | null;
  'watch-party': string | null;
}

export const NO_WATCH_STATE: WatchState = {
  id: 'none',
  channelId: null,
  dynamicType: null,
  liveEventUid: null,
  movieVuid: null,
  playlistUid: null,
  q: null,
  seriesUid: null,
  type: null,
  videoUid: null,
  'watch-party': null,
};

export class WatchRouteError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WatchRouteError';
  }
}

export interface WatchVariant {
  /** The §2.2 variant name: one, channel-live-event, channel-movie / {dynamicType}-movie, … */
  variant: string;
  state: WatchState;
  /** The channel the video plays in (API calls, analytics, canonical): a dynamic type counts as one. */
  channelId: string;
  videoUid: string;
}

const isIn = (list: readonly string[], v: string | undefined): v is string => !!v && list.includes(v);

/**
 * The watch variant and state of a matched watch route. Throws a WatchRouteError with the spec's
 * 'Missing channel id' / 'Missing playlist id' when the route lacks them.
 */
export function watchVariant(p: WatchRouteParams): WatchVariant {
  const videoUid = p.videoUid ?? '';
  if (!videoUid) throw new WatchRouteError('Missing video id');
  const base = { ...NO_WATCH_STATE, videoUid, q: p.q ?? null };
  const channelOf = () => {
    const c = p.channelId ?? p.dynamicType;
    if (!c) throw new WatchRouteError(MISSING_CHANNEL_ID);
    return c;
  };
  const out = (variant: string, state: Partial<WatchState>, channelId: string): WatchVariant => ({
    variant,
    state: { ...base, ...state, type: variant },
    channelId,
    videoUid,
  });
  const dynamic = p.channelId ? null : (p.dynamicType ?? null);

  switch (p.kind) {
    case 'one': {
      if (!p.dynamicType) throw new WatchRouteError(MISSING_CHANNEL_ID);
      return out('one', { id: 'one', dynamicType: p.dynamicType }, p.dynamicType);
    }
    case 'live': {
      const c = channelOf();
      return out('channel-live-event', { id: 'live-event', channelId: c, liveEventUid: videoUid }, c);
    }
    case 'live-party': {
      const c = channelOf();
      const host = p.hostId ?? p.pid ?? null;
      return out(
        'channel-live-event-party',
        { id: 'watch-party', channelId: c, liveEventUid: videoUid, 'watch-party': host },
        c,
      );
    }
    case 'playlist': {
      if (!p.playlistUid) throw new WatchRouteError(MISSING_PLAYLIST_ID);
      return out('playlist', { id: 'playlist', playlistUid: p.playlistUid }, `playlist:${p.playlistUid}`);
    }
    case 'movie': {
      const c = channelOf();
      const variant = dynamic && isIn(DYNAMIC_MOVIE_TYPES, dynamic) ? `${dynamic}-movie` : 'channel-movie';
      return out(variant, { id: 'movie', channelId: p.channelId ?? null, dynamicType: dynamic }, c);
    }
    case 'movie-extra': {
      if (!p.movieVuid) throw new WatchRouteError('Missing movie id');
      return out('movie-extra', { id: 'movie-extra', movieVuid: p.movieVuid }, p.channelId ?? 'extras');
    }
    case 'episode': {
      const c = channelOf();
      if (!p.seriesUid) throw new WatchRouteError('Missing series id');
      const variant =
        dynamic && isIn(DYNAMIC_EPISODE_TYPES, dynamic) ? `${dynamic}-episode` : 'channel-series';
      return out(
        variant,
        { id: 'series', channelId: p.channelId ?? null, dynamicType: dynamic, seriesUid: p.seriesUid },
        c,
      );
    }
    case 'series-extra': {
      if (!p.seriesUid) throw new WatchRouteError('Missing series id');
      return out('series-extra', { id: 'series-extra', seriesUid: p.seriesUid }, p.channelId ?? 'extras');
    }
    case 'watch-list':
      return out(
        'watch-list',
        { id: 'watch-list', 'watch-party': p.hostId ?? null },
        p.channelId ?? 'watch-list',
      );
    case 'party':
      return out('party', { id: 'vod-watch-party', 'watch-party': p.pid ?? null }, p.channelId ?? 'party');
    case 'video': {
      const c = channelOf();
      const variant = dynamic ? `${dynamic}-video` : 'channel-video';
      return out(variant, { id: 'video', channelId: p.channelId ?? null, dynamicType: dynamic }, c);
    }
  }
}

/**
 * §2.2 "Canonical URL: /watch/channel/{channel}/ followed by series/{seriesUid}/episode/{uid}, {uid},
 * live/{uid} or {type}/{uid}." `type` is movie for movies; episodes need their series.
 */
export function canonicalWatchPath(input: {
  channelId: string;
  videoUid: string;
  seriesUid?: string | null;
  live?: boolean;
  type?: string | null;
}): string {
  const enc = encodeURIComponent;
  const head = `/watch/channel/${enc(input.channelId)}/`;
  if (input.seriesUid) return `${head}series/${enc(input.seriesUid)}/episode/${enc(input.videoUid)}`;
  if (input.live) return `${head}live/${enc(input.videoUid)}`;
  if (input.type) return `${head}${enc(input.type)}/${enc(input.videoUid)}`;
  return `${head}${enc(input.videoUid)}`;
}

/**
 * The canonical path of a site path, when it is a watch route (crawlers get it in the page head).
 * Null for every other path. Dynamic and other variants all point at a channel form.
 */
export function canonicalOfPath(path: string): string | null {
  const match = matchWatchPath(path);
  if (!match) return null;
  try {
    const v = watchVariant(match);
    if (match.kind === 'episode')
      return canonicalWatchPath({ channelId: v.channelId, videoUid: v.videoUid, seriesUid: match.seriesUid });
    if (match.kind === 'live' || match.kind === 'live-party')
      return canonicalWatchPath({ channelId: v.channelId, videoUid: v.videoUid, live: true });
    if (match.kind === 'movie')
      return canonicalWatchPath({ channelId: v.channelId, videoUid: v.videoUid, type: 'movie' });
    return canonicalWatchPath({ channelId: v.channelId, videoUid: v.videoUid });
  } catch {
    return null;
  }
}

/**
 * The §2.2 route table as path patterns (the web router registers the same; each also under /watch).
 * Order matters: the first match wins.
 */
export const WATCH_ROUTE_PATTERNS: ReadonlyArray<{
  kind: WatchRouteKind;
  path: string;
  /** Routes of one dynamic pseudo-channel (/popular/{uid}): the type is the path, not a parameter. */
  dynamicType?: string;
}> = [
  { kind: 'live-party', path: '/channel/:channelId/live/:videoUid/watch-party/:hostId' },
  { kind: 'live', path: '/channel/:channelId/live/:videoUid' },
  { kind: 'episode', path: '/channel/:channelId/series/:seriesUid/episode/:videoUid' },
  { kind: 'movie', path: '/channel/:channelId/movie/:videoUid' },
  { kind: 'video', path: '/channel/:channelId/:videoUid' },
  { kind: 'one', path: '/:dynamicType/one/:videoUid' },
  { kind: 'playlist', path: '/playlist/:playlistUid/:videoUid' },
  { kind: 'movie-extra', path: '/movie/:movieVuid/extras/:videoUid' },
  { kind: 'series-extra', path: '/series/:seriesUid/extra/:videoUid' },
  { kind: 'watch-list', path: '/watch-list/:videoUid' },
  ...DYNAMIC_EPISODE_TYPES.map((d) => ({
    kind: 'episode' as const,
    path: `/${d}/series/:seriesUid/episode/:videoUid`,
    dynamicType: d,
  })),
  ...DYNAMIC_MOVIE_TYPES.map((d) => ({
    kind: 'movie' as const,
    path: `/${d}/movie/:videoUid`,
    dynamicType: d,
  })),
  ...DYNAMIC_VIDEO_TYPES.map((d) => ({ kind: 'video' as const, path: `/${d}/:videoUid`, dynamicType: d })),
];

/**
 * D§2.9 "a close button outside watch states" (decision 0061): whether the header shows its close
 * button on `path`. Not in a watch state (the watch routes and their embeds, the live and party
 * screens, which leave with Escape or their own controls), and not on the top-level pages the
 * navigation opens (home and its tabs: there is nothing to close back to).
 */
export function showsHeaderClose(path: string): boolean {
  const clean = path.replace(/\/+$/, '') || '/';
  if (clean === '/' || clean === '/pages' || clean.startsWith('/pages/')) return false;
  if (/^\/(watch-party|live-tv|embed)(\/|$)/.test(clean)) return false;
  return matchWatchPath(clean.replace(/\/embed\/[^/]+$/, '')) === null;
}

/**
 * Where a video opened from the search results plays: the single-video route of the 'search'
 * pseudo-channel, the query kept (`q`, a watch-route parameter and a watch-state field; decision 0069).
 */
export function searchWatchPath(videoUid: string, q: string): string {
  const query = q.trim();
  return `/${SEARCH_CHANNEL_ID}/one/${encodeURIComponent(videoUid)}${query ? `?q=${encodeURIComponent(query)}` : ''}`;
}

/** Matches a path (without query) against the watch routes, with or without the /watch prefix. */
export function matchWatchPath(path: string): WatchRouteParams | null {
  const clean = path.replace(/\/+$/, '').replace(/^\/watch(?=\/)/, '');
  const segs = clean.split('/').slice(1);
  for (const { kind, path: pattern, dynamicType } of WATCH_ROUTE_PATTERNS) {
    const parts = pattern.split('/').slice(1);
    if (parts.length !== segs.length) continue;
    const params: Record<string, string> = {};
    let ok = true;
    for (let i = 0; i < parts.length && ok; i++) {
      const part = parts[i]!;
      let seg: string;
      try {
        seg = decodeURIComponent(segs[i]!);
      } catch {
        ok = false;
        break;
      }
      if (part.startsWith(':')) {
        if (!seg) ok = false;
        else params[part.slice(1)] = seg;
      } else if (part !== seg) ok = false;
    }
    if (!ok) continue;
    if (dynamicType) params.dynamicType = dynamicType;
    return { kind, ...params } as WatchRouteParams;
  }
  return null;
}

/** §2.2 "Page title: the video title (plus the series title for episodes), the tab label and the state title, joined with ' | '." */
export function watchPageTitle(parts: {
  videoTitle?: string | null;
  seriesTitle?: string | null;
  tabLabel?: string | null;
  stateTitle?: string | null;
}): string {
  return [parts.videoTitle, parts.seriesTitle, parts.tabLabel, parts.stateTitle]
    .filter((s): s is string => !!s && s.trim() !== '')
    .join(' | ');
}

export interface WatchFlags {
  embed: boolean;
  lite: boolean;
  autoplay: boolean;
  autoplayNext: boolean;
  queue: boolean;
  /** Clamped to 0–20 (§5); the default page size when absent. */
  queueSize: number;
  transparent: boolean;
  mute: boolean;
}

/** A query flag is on when present without a value or with a truthy one (?embed, ?embed=1, ?embed=true). */
function flag(query: URLSearchParams, name: string, fallback: boolean): boolean {
  if (!query.has(name)) return fallback;
  const v = (query.get(name) ?? '').toLowerCase();
  return !['0', 'false', 'no', 'off'].includes(v);
}

/** §5: queueSize clamped to 0–20; anything not a number gives the default size. */
export function clampQueueSize(raw: string | number | null | undefined): number {
  const n = typeof raw === 'number' ? raw : raw == null || raw === '' ? NaN : Number(raw);
  if (!Number.isFinite(n)) return EMBED_QUEUE_SIZE_DEFAULT;
  return Math.min(EMBED_QUEUE_SIZE_MAX, Math.max(EMBED_QUEUE_SIZE_MIN, Math.floor(n)));
}

/** The optional flags of a watch URL. Autoplay defaults on (the watch screen autoplays); the rest off. */
export function parseWatchFlags(search: string | URLSearchParams): WatchFlags {
  const q = typeof search === 'string' ? new URLSearchParams(search) : search;
  return {
    embed: flag(q, 'embed', false),
    lite: flag(q, 'lite', false),
    autoplay: flag(q, 'autoplay', true),
    autoplayNext: flag(q, 'autoplayNext', false),
    queue: flag(q, 'queue', false),
    queueSize: clampQueueSize(q.get('queueSize')),
    transparent: flag(q, 'transparent', false),
    mute: flag(q, 'mute', false),
  };
}

/** The query string of the flags that differ from a plain watch URL (keeps embeds embedded across links). */
export function watchFlagsQuery(flags: Partial<WatchFlags>): string {
  const q = new URLSearchParams();
  if (flags.embed) q.set('embed', '1');
  if (flags.lite) q.set('lite', '1');
  if (flags.autoplay === false) q.set('autoplay', '0');
  if (flags.autoplayNext) q.set('autoplayNext', '1');
  if (flags.queue) q.set('queue', '1');
  if (flags.queue && flags.queueSize !== undefined && flags.queueSize !== EMBED_QUEUE_SIZE_DEFAULT)
    q.set('queueSize', String(flags.queueSize));
  if (flags.transparent) q.set('transparent', '1');
  if (flags.mute) q.set('mute', '1');
  return q.toString();
}

/** The embed URL of a video: the watch route with ?embed (what the oEmbed iframe and share panel give out). */
export function embedPath(channelId: string, videoUid: string): string {
  return `/channel/${encodeURIComponent(channelId)}/${encodeURIComponent(videoUid)}?embed=1`;
}

export const WATCH_STATE_STORAGE_KEY = 'marquee.watchState';

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * "The current watch state is remembered for the session. If session storage is unsupported, the
 * state is kept in memory only." `storage` is a getter: reading `window.sessionStorage` itself
 * throws where storage is blocked, and writes may throw (quota, private mode).
 */
export function createWatchStateStore(storage: () => StorageLike | null) {
  let memory: WatchState = NO_WATCH_STATE;
  let usable = true;
  const store = (): StorageLike | null => {
    if (!usable) return null;
    try {
      const s = storage();
      if (!s) usable = false;
      return s;
    } catch {
      usable = false;
      return null;
    }
  };
  return {
    get(): WatchState {
      const s = store();
      if (!s) return memory;
      try {
        const raw = s.getItem(WATCH_STATE_STORAGE_KEY);
        if (!raw) return memory;
        const parsed = JSON.parse(raw) as Partial<WatchState>;
        if (!parsed || !(WATCH_STATE_IDS as readonly string[]).includes(String(parsed.id))) return memory;
        return { ...NO_WATCH_STATE, ...parsed };
      } catch {
        return memory;
      }
    },
    set(state: WatchState): void {
      memory = state;
      const s = store();
      if (!s) return;
      try {
        s.setItem(WATCH_STATE_STORAGE_KEY, JSON.stringify(state));
      } catch {
        usable = false;
      }
    },
    clear(): void {
      memory = NO_WATCH_STATE;
      const s = store();
      try {
        s?.removeItem(WATCH_STATE_STORAGE_KEY);
      } catch {
        usable = false;
      }
    },
    /** Whether the state lives in session storage (false: memory only). */
    persistent: () => store() !== null,
  };
}
