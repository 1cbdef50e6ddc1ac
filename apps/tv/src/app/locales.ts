import type { Resource } from 'i18next';
import * as common from '../locales/common';
import * as account from '../features/account/locales';
import * as chat from '../features/chat/locales';
import * as menu from '../features/menu/locales';
import * as party from '../features/party/locales';
import * as playback from '../features/playback/locales';
import * as titles from '../features/titles/locales';

/** Every namespace's messages, by language (the same scheme as the web app's `app/locales.ts`). */
const namespaces = { common, account, chat, menu, party, playback, titles } as const;

export const resources: Resource = {
  en: Object.fromEntries(Object.entries(namespaces).map(([ns, m]) => [ns, m.en])),
  es: Object.fromEntries(Object.entries(namespaces).map(([ns, m]) => [ns, m.es])),
};
