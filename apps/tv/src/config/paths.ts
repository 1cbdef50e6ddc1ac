/**
 * Every route of the TV app, in one place. The router's basename is /tvn, so these are relative to it:
 * /tvn/{type}/… where type is the TV platform (generic, tizen, webos, vizio; playback-and-social §2.1).
 */
const enc = encodeURIComponent;

export const BASENAME = '/tvn';
export const DEFAULT_TYPE = 'generic';
/** The login screen's query parameter naming where to go once signed in. */
export const RETURN_TO = 'returnTo';

export const paths = {
  root: {
    path: '/:type',
    getHref: (type: string) => `/${enc(type)}`,
  },
  discover: {
    path: 'discover',
    getHref: (type: string, id?: string) => `/${enc(type)}/discover${id ? `/${enc(id)}` : ''}`,
  },
  discoverTab: {
    path: 'discover/:id',
  },
  playVideo: {
    path: 'play-video/:channelId/:videoUid',
    /** `from` names the movie or series the video belongs to (?movieUid / ?seriesUid). */
    getHref: (
      type: string,
      channelId: string,
      videoUid: string,
      from: { movieUid?: string; seriesUid?: string } = {},
    ) => {
      const qs = new URLSearchParams(Object.entries(from).filter(([, v]) => v) as [string, string][]);
      const query = qs.toString();
      return `/${enc(type)}/play-video/${enc(channelId)}/${enc(videoUid)}${query ? `?${query}` : ''}`;
    },
  },
  playLive: {
    path: 'play-live/:assetId',
    /** `category` scopes the channels Up/Down zap through; `channel` names the channel (decision 0078). */
    getHref: (
      type: string,
      assetId: string,
      query: { category?: string | null; channel?: string | null } = {},
    ) => {
      const qs = new URLSearchParams(Object.entries(query).filter(([, v]) => v) as [string, string][]);
      const q = qs.toString();
      return `/${enc(type)}/play-live/${enc(assetId)}${q ? `?${q}` : ''}`;
    },
  },
  movie: {
    path: 'movie/:videoUid',
    getHref: (type: string, videoUid: string, channel?: string | null) =>
      `/${enc(type)}/movie/${enc(videoUid)}${channel ? `?channel=${enc(channel)}` : ''}`,
  },
  series: {
    path: 'series/:seriesUid',
    getHref: (type: string, seriesUid: string, channel?: string | null, target?: string) => {
      const query = new URLSearchParams();
      if (channel) query.set('channel', channel);
      if (target) query.set('target', target);
      const qs = query.toString();
      return `/${enc(type)}/series/${enc(seriesUid)}${qs ? `?${qs}` : ''}`;
    },
  },
  menu: {
    path: 'menu',
    getHref: (type: string) => `/${enc(type)}/menu`,
  },
  login: {
    path: 'login',
    /** `returnTo`: the TV screen to go back to once signed in (a login-required title; §4.1). */
    getHref: (type: string, returnTo?: string) =>
      `/${enc(type)}/login${returnTo ? `?${RETURN_TO}=${enc(returnTo)}` : ''}`,
  },
  profile: {
    path: 'profile',
    getHref: (type: string) => `/${enc(type)}/profile`,
  },
  /** Join a watch party with its short code (decision 0050). */
  joinParty: {
    path: 'party',
    getHref: (type: string) => `/${enc(type)}/party`,
  },
  party: {
    path: 'party/:pid',
    getHref: (type: string, pid: string) => `/${enc(type)}/party/${enc(pid)}`,
  },
} as const;

/** First path segments that are screens, not a type: /tvn/discover means /tvn/generic/discover. */
export const SCREEN_SEGMENTS = [
  'discover',
  'play-video',
  'play-live',
  'menu',
  'movie',
  'series',
  'login',
  'profile',
  'party',
];
