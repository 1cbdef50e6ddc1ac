import { createApiClient, readSiteUid } from '@marquee/api-client';

/** The site this page belongs to (meta tag, else ?__site, else 'demo'). */
export const siteUid = readSiteUid();

/** `webMobile` on phones and small tablets, else `web` (playback-and-social §7). */
function detectSource(): 'web' | 'webMobile' {
  if (typeof window === 'undefined') return 'web';
  const mobileUa = /Android|iPhone|iPad|iPod|Mobile/i.test(navigator.userAgent);
  const narrow = window.matchMedia?.('(max-width: 767px)').matches ?? false;
  return mobileUa || narrow ? 'webMobile' : 'web';
}

/** The one API client of the web app (same origin; no login yet, so no token). */
export const api = createApiClient({
  baseUrl: '',
  site: siteUid,
  source: detectSource(),
  getToken: () => (typeof localStorage === 'undefined' ? null : localStorage.getItem('marquee.accessToken')),
});
