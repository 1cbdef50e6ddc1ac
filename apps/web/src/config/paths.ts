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
  /** A site page without a tab: goes to its first tab. */
  page: {
    path: '/pages/:pageUrl',
    getHref: (pageUrl: string) => `/pages/${enc(pageUrl)}`,
  },
  /** Video in a channel (playback-and-social §2.2). */
  watch: {
    path: '/channel/:channelId/:videoUid',
    getHref: (channelId: string, videoUid: string) => `/channel/${enc(channelId)}/${enc(videoUid)}`,
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
} as const;
