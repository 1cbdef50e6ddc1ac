import type { ExternalText, ExternalTextType, LegalTexts, SiteConfig } from '@marquee/contract';
import { notFound } from '../../plugins/errors';
import { publicAdSettings } from './ad-settings';
import { siteSources } from './content-policy';
import { siteStructure } from './site-structure';
import type { Site, SitesRepository } from './sites.repository';
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
  let cache: { at: number; byUid: Map<string, Site>; byHost: Map<string, string> } | undefined;

  async function load(miss = false) {
    const age = cache ? Date.now() - cache.at : Infinity;
    if (cache && age < (miss ? MISS_RELOAD_MS : CACHE_MS)) return cache;
    const sites = await repo.findAll();
    const byUid = new Map(sites.map((s) => [s.uid, s]));
    const byHost = new Map<string, string>();
    for (const site of sites) for (const host of site.hosts) byHost.set(host, site.uid);
    cache = { at: Date.now(), byUid, byHost };
    return cache;
  }

  /** The site, or a 404 naming it. */
  async function byUid(uid: string): Promise<Site> {
    const site = (await load()).byUid.get(uid) ?? (await load(true)).byUid.get(uid);
    if (!site) throw notFound(`Site '${uid}'`);
    return site;
  }

  const service = {
    byUid,
    /** Forgets the cached sites (a bulk writer in this process, such as the seed, calls it). */
    clear: () => void (cache = undefined),

    /**
     * The request's site: the {site} path segment, else __site, else the host name, else the default
     * site. Routes read it as `request.site()` (`site-resolution.ts`), which calls this once.
     */
    async resolve(request: SiteRequest): Promise<Site> {
      const param = (request.params as { site?: string } | undefined)?.site;
      const query = (request.query as { __site?: string } | undefined)?.__site;
      const explicit = param ?? query;
      if (explicit) return byUid(explicit);
      const host = request.hostname?.split(':')[0]!.toLowerCase();
      const byHost = host
        ? ((await load()).byHost.get(host) ?? (await load(true)).byHost.get(host))
        : undefined;
      return byUid(byHost ?? defaultSite);
    },

    async config(site: Site): Promise<SiteConfig> {
      const [pages, tabs, structure] = await Promise.all([
        repo.findPages(site.uid),
        repo.findTabs(site.uid),
        repo.findStructure(site.uid),
      ]);
      return {
        uid: site.uid,
        name: site.name,
        theme: site.theme as SiteConfig['theme'],
        defaultPage: site.defaultPage,
        perms: site.perms,
        ads: publicAdSettings(site.ads),
        chat: site.chat,
        heartbeat: site.heartbeat,
        searchOptions: site.searchOptions,
        pages: pages.map((p) => ({
          url: p.url,
          title: p.title,
          overlayToggle: p.overlay_toggle === 1,
          tabs: tabs
            .filter((t) => t.page_url === p.url)
            .map((t) => ({ id: t.id, url: t.url, title: t.title, kind: t.kind })),
        })),
        ...siteStructure(structure),
        embed: site.embed,
        identityPlatform: site.identityPlatform,
      };
    },

    /** The outside hosts the site's integrations need, for its pages' Content-Security-Policy. */
    sources: async (site: Site) => siteSources(site, await repo.findTabs(site.uid)),

    /** The terms (the same text sign-up accepts) and the privacy text, for the legal page. */
    async legal(site: Site): Promise<LegalTexts> {
      const structure = await repo.findStructure(site.uid);
      return {
        terms: site.termsText ?? '',
        privacy: structure?.privacy_text ?? '',
        updatedAt: site.termsUpdatedAt,
      };
    },

    /** One of the legal texts by type (external-text/{type}); updatedAt is the terms' date, null for privacy. */
    async externalText(site: Site, type: ExternalTextType): Promise<ExternalText> {
      const texts = await service.legal(site);
      return { type, text: texts[type], updatedAt: type === 'terms' ? texts.updatedAt : null };
    },
  };
  trackForBulkInvalidation(service);
  return service;
}
