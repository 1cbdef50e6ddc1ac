import { createApiClient, readCookie, readSiteUid, type ApiError } from '@marquee/api-client';
import { APPSFLYER_COOKIE } from '@marquee/domain';

/** The site this page belongs to (meta tag, else ?__site, else 'demo'). */
export const siteUid = readSiteUid();

/** `webMobile` on phones and small tablets, else `web` (playback-and-social §7). */
function detectSource(): 'web' | 'webMobile' {
  if (typeof window === 'undefined') return 'web';
  const mobileUa = /Android|iPhone|iPad|iPod|Mobile/i.test(navigator.userAgent);
  const narrow = window.matchMedia?.('(max-width: 767px)').matches ?? false;
  return mobileUa || narrow ? 'webMobile' : 'web';
}

/** Where the access token lives; the session mirrors its current token here. */
export const ACCESS_TOKEN_KEY = 'marquee.accessToken';

type TokenProvider = () => string | null | Promise<string | null>;

let tokenProvider: TokenProvider = () =>
  typeof localStorage === 'undefined' ? null : localStorage.getItem(ACCESS_TOKEN_KEY);

/** The session installs a provider that refreshes a token with under 60 s left before handing it out. */
export function provideAccessToken(provider: TokenProvider) {
  tokenProvider = provider;
}

let unauthorizedHandler: (error: ApiError) => void = () => {};

/** The session installs what happens when the server refuses the bearer token. */
export function onUnauthorized(handler: (error: ApiError) => void) {
  unauthorizedHandler = handler;
}

/** The one API client of the web app (same origin; bearer token from the session). */
export const api = createApiClient({
  baseUrl: '',
  site: siteUid,
  source: detectSource(),
  getToken: () => tokenProvider(),
  getAppsflyerId: () =>
    typeof document === 'undefined' ? null : readCookie(document.cookie, APPSFLYER_COOKIE),
  onUnauthorized: (error) => unauthorizedHandler(error),
});

/** The same client without a token: refresh and logout carry their refresh token in the body. */
export const tokenlessApi = createApiClient({ baseUrl: '', site: siteUid, source: api.source });
