import type { Resource } from 'i18next';
import * as common from '../locales/common';

/**
 * Every namespace's messages, by language. A feature adds its namespace here: it exports
 * `locales = { en, es }` from its index, with `es` typed `Messages<typeof en>`.
 */
const namespaces = { common } as const;

export const resources: Resource = {
  en: Object.fromEntries(Object.entries(namespaces).map(([ns, m]) => [ns, m.en])),
  es: Object.fromEntries(Object.entries(namespaces).map(([ns, m]) => [ns, m.es])),
};
