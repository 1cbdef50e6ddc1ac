import type { LegalTexts, SiteConfig } from '@marquee/contract';
import { resolvePerms } from '@marquee/domain';
import type { SitesTable } from '../../db/schema';
import { notFound } from '../../plugins/errors';
import { publicAdSettings, storedAdSettings } from './ad-settings';
import { siteSources } from './content-policy';
import { embedSettings, siteStructure } from './site-structure';
import type { SitesRepository } from './sites.repository';
import { trackForBulkInvalidation } from '../catalog';

export type SitesService = ReturnType<typeof createSitesService>;

export type SiteRequest = {
  params?: unknown;
  query?: unknown;
  hostname?: string;
};

const CACHE_MS = 5_000;
/** A name or host not in the cache reloads it, at most this often (a new site answers at once). */
const MISS_RELOAD_MS = 1_000;

/** Site lookup and resolution. Site configs change rarely, so they are cached for a few seconds. */
export function createSitesService(repo: SitesRepository, defaultSite: string) {
  let cache: { at: number; byUid: Map<string, SitesTable>; byHost: Map<string, string> } | undefined;

  async function load(miss = false) {
    const age = cache ? Date.now() - cache.at : Infinity;
    if (cache && age < (miss ? MISS_RELOAD_MS : CACHE_MS)) return cache;
    const rows = await repo.findAll();
    const byUid = new Map(rows.map((r) => [r.uid, r]));
    const byHost = new Map<string, string>();
    for (const row of rows)
      for (const host of JSON.parse(row.hosts) as string[]) byHost.set(host.toLowerCase(), row.uid);
    cache = { at: Date.now(), byUid, byHost };
    return cache;
  }

  /** The site's row, or a 404 naming it. */
  async function get(uid: string): Promise<SitesTable> {
    const site = (await load()).byUid.get(uid) ?? (await load(true)).byUid.get(uid);
    if (!site) throw notFound(`Site '${uid}'`);
    return site;
  }

  const service = {
    get,
    /** Forgets the cached sites (a bulk writer in this process, such as the seed, calls it). */
    clear: () => void (cache = undefined),

    /** The request's site: the {site} path segment, else __site, else the host name, else the default site. */
    async resolve(request: SiteRequest): Promise<SitesTable> {
      const param = (request.params as { site?: string } | undefined)?.site;
      const query = (request.query as { __site?: string } | undefined)?.__site;
      const explicit = param ?? query;
      if (explicit) return get(explicit);
      const host = request.hostname?.split(':')[0]!.toLowerCase();
      const byHost = host
        ? ((await load()).byHost.get(host) ?? (await load(true)).byHost.get(host))
        : undefined;
      return get(byHost ?? defaultSite);
    },

    async config(uid: string): Promise<SiteConfig> {
      const site = await get(uid);
      const [pages, tabs, structure] = await Promise.all([
        repo.findPages(uid),
        repo.findTabs(uid),
        repo.findStructure(uid),
      ]);
      return {
        uid: site.uid,
        name: site.name,
        theme: JSON.parse(site.theme),
        defaultPage: site.default_page,
        perms: resolvePerms(JSON.parse(site.perms)),
        ads: publicAdSettings(storedAdSettings(site.ads)),
        chat: JSON.parse(site.chat),
        heartbeat: JSON.parse(site.heartbeat),
        searchOptions: JSON.parse(site.search_options),
        pages: pages.map((p) => ({
          url: p.url,
          title: p.title,
          overlayToggle: p.overlay_toggle === 1,
          tabs: tabs
            .filter((t) => t.page_url === p.url)
            .map((t) => ({ id: t.id, url: t.url, title: t.title, kind: t.kind })),
        })),
        ...siteStructure(structure),
        embed: embedSettings(site.embed),
      };
    },

    /** The outside hosts the site's integrations need, for its pages' Content-Security-Policy. */
    sources: async (uid: string) => siteSources(await get(uid), await repo.findTabs(uid)),

    /** The site's ad settings with the operator's creatives (404 for an unknown site; decision 0026). */
    adSettings: async (uid: string) => storedAdSettings((await get(uid)).ads),

    /** The terms (the same text sign-up accepts) and the privacy text, for the legal page. */
    async legal(uid: string): Promise<LegalTexts> {
      const site = await get(uid);
      const structure = await repo.findStructure(uid);
      return {
        terms: site.terms_text ?? '',
        privacy: structure?.privacy_text ?? '',
        updatedAt: site.terms_updated_at,
      };
    },
  };
  trackForBulkInvalidation(service);
  return service;
}
