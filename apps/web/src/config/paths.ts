/** Every route of the web app, in one place (bulletproof-react `config/paths.ts`). */
const enc = encodeURIComponent;

export const paths = {
  home: {
    path: '/',
    getHref: () => '/',
  },
  /** A discover tab of a site page (discovery-and-site §2.1: /pages/{pageUrl}/d/{tabUrl}). */
  discoverTab: {
    path: '/pages/:pageUrl/d/:tabUrl',
    getHref: (pageUrl: string, tabUrl: string) => `/pages/${enc(pageUrl)}/d/${enc(tabUrl)}`,
  },
  /** Any other tab of a site page: /pages/{pageUrl}/{a,c,f,h,hm,i,l,dir}/{tabUrl} (§2.1). */
  pageTab: {
    path: '/pages/:pageUrl/:code/:tabUrl',
    getHref: (pageUrl: string, code: string, tabUrl: string) =>
      `/pages/${enc(pageUrl)}/${enc(code)}/${enc(tabUrl)}`,
  },
  /** A page opened as an overlay from the left menu (§2.1 overlay-toggle pages), ?tab= its tab. */
  overlayPage: {
    path: '/overlay/:pageUrl',
    getHref: (pageUrl: string, tabUrl?: string) =>
      `/overlay/${enc(pageUrl)}${tabUrl ? `?tab=${enc(tabUrl)}` : ''}`,
  },
  /** The legal page: terms, or privacy (§2.1 "legal (a toggle between terms and privacy)"). */
  legal: {
    path: '/legal/:doc?',
    getHref: (doc: 'terms' | 'privacy' = 'terms') => (doc === 'terms' ? '/legal' : '/legal/privacy'),
  },
  /** A site page without a tab: goes to its first tab. */
  page: {
    path: '/pages/:pageUrl',
    getHref: (pageUrl: string) => `/pages/${enc(pageUrl)}`,
  },
  /** Video in a channel (playback-and-social §2.2). */
  watch: {
    path: '/channel/:channelId/:videoUid',
    /** `t`: start at that second (0 restarts); without it the watch screen resumes the saved position. */
    getHref: (channelId: string, videoUid: string, t?: number) =>
      `/channel/${enc(channelId)}/${enc(videoUid)}${t === undefined ? '' : `?t=${Math.floor(t)}`}`,
  },
  /** A live event that is not live (playback-and-social §2.2: /not-live/{liveEventUid}?channel&hostId). */
  notLive: {
    path: '/not-live/:liveEventUid',
    getHref: (uid: string, q: { channel?: string | null; hostId?: string | null } = {}) => {
      const qs = new URLSearchParams();
      if (q.channel) qs.set('channel', q.channel);
      if (q.hostId) qs.set('hostId', q.hostId);
      const s = qs.toString();
      return `/not-live/${enc(uid)}${s ? `?${s}` : ''}`;
    },
  },
  /** The EPG tab (discovery-and-site §2.5): /pages/{pageUrl}/e/{tabUrl}?channel={id}. */
  epgTab: {
    path: '/pages/:pageUrl/e/:tabUrl',
    getHref: (pageUrl: string, tabUrl: string, channel?: string) =>
      `/pages/${enc(pageUrl)}/e/${enc(tabUrl)}${channel ? `?channel=${enc(channel)}` : ''}`,
  },
  /** Live channels without a configured EPG tab: the list, and one channel playing. */
  liveTv: {
    path: '/live-tv',
    getHref: (channel?: string) => `/live-tv${channel ? `?channel=${enc(channel)}` : ''}`,
  },
  liveChannel: {
    path: '/live-tv/:channelId',
    getHref: (channelId: string) => `/live-tv/${enc(channelId)}`,
  },
  /** Search results (discovery-and-site §2.4, main.search): /searchs?q&type&sort&date. */
  /** The viewer's library (accounts-and-commerce §2; main.library {label}), login required; ?tab=series. */
  library: {
    path: '/library',
    getHref: (tab?: 'movies' | 'series') => (tab === 'series' ? '/library?tab=series' : '/library'),
  },
  libraryLabel: {
    path: '/library/:label',
  },
  /** Gif pages (discovery-and-site §2.8): create-gif (login required, odrc=gif) and one gif. */
  createGif: {
    path: '/create-gif',
    getHref: (videoUid: string, channel: string | null, at: number) =>
      `/create-gif?${new URLSearchParams({ videoUid, ...(channel ? { channel } : {}), t: String(Math.floor(at)) })}`,
  },
  gif: {
    path: '/gif/:gifId',
    getHref: (gifId: string) => `/gif/${enc(gifId)}`,
  },
  search: {
    path: '/searchs',
    getHref: (q: string) => `/searchs?${new URLSearchParams({ q })}`,
  },
  /** Sign-in screens (accounts-and-commerce §2); the account area's paths live with its routes. */
  login: {
    path: '/login',
    getHref: (query?: Record<string, string>) => `/login${query ? `?${new URLSearchParams(query)}` : ''}`,
  },
  signup: { path: '/signup', getHref: () => '/signup' },
  forgotPassword: { path: '/forgot-pw', getHref: () => '/forgot-pw' },
  resetPassword: { path: '/reset-pw/:code', getHref: (code: string) => `/reset-pw/${enc(code)}` },
  requiredResetPassword: { path: '/required-reset-pw', getHref: () => '/required-reset-pw' },
  passcode: { path: '/passcode', getHref: () => '/passcode' },
  autologin: { path: '/autologin/:code', getHref: (code: string) => `/autologin/${enc(code)}` },
  activate: {
    path: '/activate',
    getHref: (source?: string) => `/activate${source ? `?source=${enc(source)}` : ''}`,
  },
  activateVizio: { path: '/activate/vizio', getHref: () => '/activate/vizio' },
  oauthCallback: {
    path: '/oauth/:provider/callback',
    getHref: (provider: string) => `/oauth/${enc(provider)}/callback`,
  },
  /** Channel details (discovery-and-site §2.3): /channels/{type}/{channelId}, /channels/watch-list. */
  channelDetails: {
    path: '/channels/:type/:channelId',
    getHref: (type: string, channelId: string) => `/channels/${enc(type)}/${enc(channelId.toLowerCase())}`,
  },
  channelWatchList: { path: '/channels/watch-list', getHref: () => '/channels/watch-list' },
  /** Movie and series pages (discovery-and-site §2.7), with ?channel&dyn. */
  movie: {
    path: '/movie/:videoUid',
    getHref: (uid: string, q: TitleQuery = {}) => `/movie/${enc(uid)}${titleQuery(q)}`,
  },
  movieExtra: {
    path: '/movie/:movieVuid/extras/:videoUid',
    getHref: (movieUid: string, videoUid: string) => `/movie/${enc(movieUid)}/extras/${enc(videoUid)}`,
  },
  series: {
    path: '/series/:seriesUid',
    getHref: (uid: string, q: TitleQuery = {}) => `/series/${enc(uid)}${titleQuery(q)}`,
  },
  seriesEpisode: {
    path: '/series/:seriesUid/seasons/:season/episodes/:episode',
    getHref: (uid: string, season: number, episode: number, q: TitleQuery = {}) =>
      `/series/${enc(uid)}/seasons/${season}/episodes/${episode}${titleQuery(q)}`,
  },
  seriesExtra: {
    path: '/series/:seriesUid/extra/:videoUid',
    getHref: (seriesUid: string, videoUid: string) => `/series/${enc(seriesUid)}/extra/${enc(videoUid)}`,
  },
} as const;

type TitleQuery = { channel?: string | null; dyn?: string | null };
/** `?channel&dyn` of the title pages, leaving out empty values. */
function titleQuery(q: TitleQuery): string {
  const qs = new URLSearchParams();
  if (q.channel) qs.set('channel', q.channel);
  if (q.dyn) qs.set('dyn', q.dyn);
  const s = qs.toString();
  return s ? `?${s}` : '';
}
