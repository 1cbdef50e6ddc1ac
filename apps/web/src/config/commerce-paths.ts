const enc = encodeURIComponent;

/** Query parameters carried from a subscribe list to its checkout and back (accounts-and-commerce §2). */
export const SUBSCRIBE_PARAMS = [
  'odrc',
  'purchaseVideo',
  'data',
  'pageUrl',
  'tabUrl',
  'channel',
  'isHybrid',
  'platform',
  'couponCode',
] as const;

/** `?…` with the carried subscribe parameters of `from` (and `extra`), '' when none. */
export function carrySubscribeParams(
  from: URLSearchParams,
  extra: Record<string, string | null | undefined> = {},
) {
  const q = new URLSearchParams();
  for (const key of SUBSCRIBE_PARAMS) {
    const value = from.get(key);
    if (value) q.set(key, value);
  }
  for (const [key, value] of Object.entries(extra)) if (value) q.set(key, value);
  const s = q.toString();
  return s ? `?${s}` : '';
}

/**
 * The login parameters of a commerce screen (§2 Return after login: "the original intent in odrc and
 * its parameters kept"): the subscribe parameters except odrc, whose odrc=watch rides as `resume`
 * ("Subscribe with odrc watch sets resume"), plus `extra` (bundle, upgradesPurchase, contentType …).
 */
export function commerceLoginParams(
  from: URLSearchParams,
  extra: Record<string, string | null | undefined> = {},
): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const key of SUBSCRIBE_PARAMS) {
    const value = from.get(key);
    if (key !== 'odrc' && value) out[key] = value;
  }
  if (from.get('odrc') === 'watch') out.resume = 'true';
  for (const [key, value] of Object.entries(extra)) if (value) out[key] = value;
  return out;
}

/** The commerce routes of accounts-and-commerce §2 (subscribe, gift, tip jar, pre-order). */
export const commercePaths = {
  subscribe: { path: '/subscribe', getHref: (query = '') => `/subscribe${query}` },
  /** /subscribe/{bundle}?couponCode&upgradesPurchase: checkout for one bundle (or rental). */
  subscribeBundle: {
    path: '/subscribe/:bundle',
    getHref: (bundle: string, query = '') => `/subscribe/${enc(bundle)}${query}`,
  },
  /** /subscribe/{contentType}/{videoUid}: the offers that unlock one title. */
  subscribeTitle: {
    path: '/subscribe/:contentType/:videoUid',
    getHref: (contentType: string, videoUid: string, query = '') =>
      `/subscribe/${enc(contentType)}/${enc(videoUid)}${query}`,
  },
  gift: { path: '/gift', getHref: (query = '') => `/gift${query}` },
  giftBundle: {
    path: '/gift/:bundle',
    getHref: (bundle: string, query = '') => `/gift/${enc(bundle)}${query}`,
  },
  contribute: { path: '/contribute', getHref: () => '/contribute' },
  preorder: {
    path: '/preorder/:bundleId/:videoUid',
    getHref: (bundleId: string, videoUid: string) => `/preorder/${enc(bundleId)}/${enc(videoUid)}`,
  },
} as const;

/** Where a finished purchase lands when it did not come from a title. */
export const PURCHASES_HREF = '/purchases';
