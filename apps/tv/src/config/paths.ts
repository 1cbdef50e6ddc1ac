/**
 * Every route of the TV app, in one place. The router's basename is /tvn, so these are relative to it:
 * /tvn/{type}/… where type is the TV platform (generic, tizen, webos; playback-and-social §2.1).
 */
const enc = encodeURIComponent;

export const BASENAME = '/tvn';
export const DEFAULT_TYPE = 'generic';

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
    getHref: (type: string, channelId: string, videoUid: string) =>
      `/${enc(type)}/play-video/${enc(channelId)}/${enc(videoUid)}`,
  },
  playLive: {
    path: 'play-live/:assetId',
    getHref: (type: string, assetId: string) => `/${enc(type)}/play-live/${enc(assetId)}`,
  },
  menu: {
    path: 'menu',
    getHref: (type: string) => `/${enc(type)}/menu`,
  },
  login: {
    path: 'login',
    getHref: (type: string) => `/${enc(type)}/login`,
  },
  profile: {
    path: 'profile',
    getHref: (type: string) => `/${enc(type)}/profile`,
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
];
