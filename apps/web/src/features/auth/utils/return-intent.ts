import { SUBSCRIBE_PARAMS } from '../../../config/commerce-paths';
// Return after login (accounts-and-commerce §2): login-required screens send the viewer to
// /login?odrc={intent}&…params; after signing in the viewer lands back on the intent.

const enc = encodeURIComponent;

/** The intents the spec names; anything else returns home. */
export const KNOWN_INTENTS = [
  'activate',
  'delete-account',
  'fav',
  'gif',
  'library',
  'liveChannel',
  'liveEventWatch',
  'movie',
  'notLiveEvent',
  'subscribe',
  'gift',
  'subscribe-one',
  'subscribe-item',
  'redeem-gift',
  'contribute',
  'watch',
  'watchListMovie',
  'watchListSeries',
  'watchParty',
  'watchPartyLobby',
] as const;

/** Parameters the not-logged-in group carries along with odrc (spec §2). */
export const CARRIED_PARAMS = [
  'odrc',
  'bundle',
  'liveEventUid',
  'channelId',
  'videoUid',
  'seriesUid',
  'contentType',
  'contentUid',
  'hostId',
  'tabUrl',
  'pageUrl',
  'channel',
  'pid',
  'dyn',
  'purchase',
  'loginAs',
  'purchaseVideo',
  'platform',
  'couponCode',
  'isHybrid',
  'resume',
  'source',
  'code',
  // The commerce screens' own parameters (subscribe parameters §2, /subscribe/{bundle}?upgradesPurchase).
  'data',
  'upgradesPurchase',
] as const;

/**
 * The subscribe parameters (§2) a commerce intent returns with. The subscribe URL's own odrc (what
 * happens after the purchase) cannot ride in the login URL, whose odrc is the commerce intent: §2
 * "Subscribe with odrc watch sets resume", so `resume` carries it and comes back as odrc=watch.
 */
const SUBSCRIBE_RETURN_PARAMS = SUBSCRIBE_PARAMS.filter((key) => key !== 'odrc');

/** `?a=1&b=2` from the given keys of `params` that have a value ('' when none). */
function queryOf(params: URLSearchParams, keys: string[]): string {
  const out = new URLSearchParams();
  for (const key of keys) {
    const value = params.get(key);
    if (value) out.set(key, value);
  }
  const qs = out.toString();
  return qs ? `?${qs}` : '';
}

/** `?…` of the subscribe parameters for a commerce return (odrc=watch when `resume` is set), plus `extra`. */
function subscribeQuery(params: URLSearchParams, extra: string[] = []): string {
  const out = new URLSearchParams();
  if (params.get('resume')) out.set('odrc', 'watch');
  for (const key of [...SUBSCRIBE_RETURN_PARAMS, ...extra]) {
    const value = params.get(key);
    if (value) out.set(key, value);
  }
  const qs = out.toString();
  return qs ? `?${qs}` : '';
}

/** Only the carried parameters of a login URL: what signup, forgot-pw and social login pass on. */
export function carriedQuery(params: URLSearchParams): string {
  return queryOf(params, [...CARRIED_PARAMS]);
}

const watchPath = (channel: string, videoUid: string) => `/channel/${enc(channel)}/${enc(videoUid)}`;

/** The path to return to after login for `?odrc=…&…` (home for no or an unknown intent). */
export function returnPath(params: URLSearchParams): string {
  const get = (key: string) => params.get(key) ?? '';
  const channel = get('channel') || get('channelId');
  const videoUid = get('videoUid');
  const seriesUid = get('seriesUid');
  const liveEventUid = get('liveEventUid');
  const bundle = get('bundle');

  switch (get('odrc')) {
    case 'activate':
      return `/activate${queryOf(params, ['source'])}`;
    case 'delete-account':
      return '/delete-account';
    case 'library':
      return '/library';
    case 'contribute':
      return '/contribute';
    case 'watch':
    case 'fav':
    case 'gif':
      // An episode returns to its episode route (the series queue), decision 0028.
      if (channel && seriesUid && videoUid)
        return `/channel/${enc(channel)}/series/${enc(seriesUid)}/episode/${enc(videoUid)}`;
      if (channel && videoUid) return watchPath(channel, videoUid);
      if (videoUid) return `/movie/${enc(videoUid)}`;
      return '/';
    case 'movie':
    case 'watchListMovie':
      return videoUid ? `/movie/${enc(videoUid)}${queryOf(params, ['channel'])}` : '/';
    case 'watchListSeries':
      return seriesUid ? `/series/${enc(seriesUid)}${queryOf(params, ['channel'])}` : '/';
    case 'liveChannel': {
      if (!channel) return '/live-tv';
      const pageUrl = get('pageUrl');
      const tabUrl = get('tabUrl');
      return pageUrl && tabUrl
        ? `/pages/${enc(pageUrl)}/e/${enc(tabUrl)}?channel=${enc(channel)}`
        : `/live-tv/${enc(channel)}`;
    }
    case 'liveEventWatch':
      if (!channel || !liveEventUid) return '/';
      return `/channel/${enc(channel)}/live/${enc(liveEventUid)}${
        get('hostId') ? `/watch-party/${enc(get('hostId'))}` : ''
      }`;
    case 'notLiveEvent':
      return liveEventUid ? `/not-live/${enc(liveEventUid)}${queryOf(params, ['channel', 'hostId'])}` : '/';
    case 'watchParty':
      if (channel && liveEventUid && get('hostId')) {
        return `/channel/${enc(channel)}/live/${enc(liveEventUid)}/watch-party/${enc(get('hostId'))}`;
      }
      return `/watch-party${queryOf(params, ['pid'])}`;
    case 'watchPartyLobby':
      return `/watch-party${queryOf(params, ['pid'])}`;
    case 'subscribe':
      if (get('contentType') && videoUid)
        return `/subscribe/${enc(get('contentType'))}/${enc(videoUid)}${subscribeQuery(params)}`;
      return bundle
        ? `/subscribe/${enc(bundle)}${subscribeQuery(params, ['upgradesPurchase'])}`
        : `/subscribe${subscribeQuery(params)}`;
    case 'subscribe-one':
      return bundle
        ? `/subscribe/${enc(bundle)}${subscribeQuery(params, ['upgradesPurchase'])}`
        : `/subscribe${subscribeQuery(params)}`;
    case 'subscribe-item': {
      const uid = get('contentUid') || videoUid;
      return get('contentType') && uid
        ? `/subscribe/${enc(get('contentType'))}/${enc(uid)}${subscribeQuery(params)}`
        : `/subscribe${subscribeQuery(params)}`;
    }
    case 'gift':
      return bundle
        ? `/gift/${enc(bundle)}${queryOf(params, ['couponCode'])}`
        : `/gift${queryOf(params, ['pageUrl', 'tabUrl', 'channel', 'pid', 'videoUid', 'seriesUid', 'couponCode'])}`;
    case 'redeem-gift':
      return get('purchase')
        ? `/redeem-gift/${enc(get('purchase'))}${queryOf(params, ['loginAs', 'code'])}`
        : '/';
    default:
      return '/';
  }
}
