import type { Resource } from 'i18next';
import * as common from '../locales/common';
// Lazy features' messages come from their locales file, so the index (and its screens) stays lazy.
import * as channels from '../features/channels/locales';
import * as discover from '../features/discover/locales';
import * as titles from '../features/titles/locales';
import * as search from '../features/search/locales';
import * as site from '../features/site/locales';
import * as pages from '../features/pages/locales';
import * as liveEvents from '../features/live-events/locales';
import * as epg from '../features/epg/locales';
import * as watchList from '../features/watch-list/locales';
import * as library from '../features/library/locales';
import * as gifs from '../features/gifs/locales';
import * as moments from '../features/moments/locales';
import * as moderation from '../features/moderation/locales';
import * as droppedCarts from '../features/dropped-carts/locales';
import * as auth from '../features/auth/locales';
import * as account from '../features/account/locales';
import * as watch from '../features/watch/locales';
import * as notLive from '../features/watch/not-live-locales';
import * as watchRoutes from '../features/watch/routes-locales';
import * as checkout from '../features/checkout/locales';
import * as subscribe from '../features/subscribe/locales';
import * as purchases from '../features/purchases/locales';
import * as watchParty from '../features/watch-party/locales';
import * as chat from '../features/chat/locales';

/**
 * Every namespace's messages, by language. A feature adds its namespace here: it exports
 * `locales = { en, es }` from its index, with `es` typed `Messages<typeof en>`.
 */
const namespaces = {
  common,
  discover,
  titles,
  channels,
  search,
  site,
  pages,
  liveEvents,
  epg,
  watchList,
  library,
  gifs,
  moments,
  moderation,
  droppedCarts,
  auth,
  account,
  watch,
  notLive,
  watchRoutes,
  checkout,
  subscribe,
  purchases,
  watchParty,
  chat,
} as const;

export const resources: Resource = {
  en: Object.fromEntries(Object.entries(namespaces).map(([ns, m]) => [ns, m.en])),
  es: Object.fromEntries(Object.entries(namespaces).map(([ns, m]) => [ns, m.es])),
};
