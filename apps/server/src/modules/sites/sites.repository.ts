import type {
  EmbedSettings,
  HeartbeatSettings,
  ChatSettings,
  SearchOptions,
  StoredAdSettings,
  Theme,
  TipJar,
} from '@marquee/contract';
import { parseIdentityPlatform, resolvePerms, type IdentityPlatform, type Perms } from '@marquee/domain';
import type { Db } from '../../db/database';
import type { SitesTable } from '../../db/schema';
import { storedAdSettings } from './ad-settings';
import { embedFrameAncestors } from './content-policy';
import { DEFAULT_CHAT, DEFAULT_HEARTBEAT, DEFAULT_SEARCH_OPTIONS } from './site-defaults';
import { embedSettings } from './site-structure';
import { tipJarSettings } from './tip-jar';

export type SitesRepository = ReturnType<typeof createSitesRepository>;

/**
 * A site as every other module sees it: its `sites` row with the stored JSON parsed here, once per
 * cache load. A malformed column reads as its default (decision 0015), never failing the site.
 */
export type Site = {
  uid: string;
  name: string;
  /** Host names (lower-cased) that resolve to this site without `__site`. */
  hosts: string[];
  /** Null when the stored theme is malformed: pages keep the clients' built-in look. */
  theme: Theme | null;
  defaultPage: string;
  /** The stored flags over their defaults. */
  perms: Perms;
  /** With the operator's creatives (`publicAdSettings` drops them for the config). */
  ads: StoredAdSettings;
  chat: ChatSettings;
  heartbeat: HeartbeatSettings;
  searchOptions: SearchOptions;
  /** The partner origins of the embedded player (§2.12). */
  embed: EmbedSettings;
  /** The embed-domain allow-list; null: any site may frame an embed (`embedFrameAncestors`). */
  frameAncestors: string[] | null;
  termsText: string | null;
  termsUpdatedAt: string | null;
  /** The tip jar's settings over their defaults (commerce's donations). */
  tipJar: TipJar;
  /** The external identity platform viewers sign in through (decision 0061); null: none. */
  identityPlatform: IdentityPlatform | null;
};

function parsed(text: string | undefined): unknown {
  try {
    return text === undefined ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
/** A stored object column as written, or the fallback when it is not an object. */
const objectOr = <T>(v: unknown, fallback: T): T => (isObject(v) ? (v as T) : fallback);
const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

function toSite(row: SitesTable): Site {
  return {
    uid: row.uid,
    name: row.name,
    hosts: strings(parsed(row.hosts)).map((h) => h.toLowerCase()),
    theme: objectOr<Theme | null>(parsed(row.theme), null),
    defaultPage: row.default_page,
    perms: resolvePerms(objectOr(parsed(row.perms), {})),
    ads: storedAdSettings(row.ads),
    chat: objectOr(parsed(row.chat), DEFAULT_CHAT),
    heartbeat: objectOr(parsed(row.heartbeat), DEFAULT_HEARTBEAT),
    searchOptions: objectOr(parsed(row.search_options), DEFAULT_SEARCH_OPTIONS),
    embed: embedSettings(row.embed),
    frameAncestors: embedFrameAncestors(row.embed),
    termsText: row.terms_text,
    termsUpdatedAt: row.terms_updated_at,
    tipJar: tipJarSettings(row.tip_jar),
    identityPlatform: parseIdentityPlatform(parsed(row.identity_platform ?? undefined)),
  };
}

export function createSitesRepository(db: Db) {
  return {
    findAll: async (): Promise<Site[]> => (await db.selectFrom('sites').selectAll().execute()).map(toSite),
    findPages: (siteUid: string) =>
      db
        .selectFrom('pages')
        .selectAll()
        .where('site_uid', '=', siteUid)
        .where('enabled', '=', 1)
        .orderBy('position')
        .execute(),
    findTabs: (siteUid: string) =>
      db.selectFrom('tabs').selectAll().where('site_uid', '=', siteUid).orderBy('position').execute(),
    /** The payment gateways the site has enabled (decision 0036); none for an unknown site. */
    paymentGateways: async (uid: string): Promise<string[]> =>
      strings(
        parsed(
          (await db.selectFrom('sites').select('payment_gateways').where('uid', '=', uid).executeTakeFirst())
            ?.payment_gateways ?? '[]',
        ),
      ),
    /** Uids of the sites that have this gateway enabled. */
    sitesWithGateway: async (gateway: string): Promise<string[]> =>
      (await db.selectFrom('sites').select(['uid', 'payment_gateways']).orderBy('uid').execute())
        .filter((r) => strings(parsed(r.payment_gateways ?? '[]')).includes(gateway))
        .map((r) => r.uid),
    findStructure: (siteUid: string) =>
      db.selectFrom('site_structure').selectAll().where('site_uid', '=', siteUid).executeTakeFirst(),
  };
}
