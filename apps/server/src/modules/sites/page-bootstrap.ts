import type { DiscoverAsset, SiteConfig } from '@marquee/contract';
import { cardImage, resolveTab } from '@marquee/domain';

/** What a client page starts with, so its first screen needs no API round trip. */
export type PageBootstrap = {
  config: SiteConfig;
  /** The discover tab the page shows, with its rows' first pages. */
  discover?: { tabId: string; asset: DiscoverAsset };
  /** The first thing the viewer sees large (the featured row's first image), for a preload hint. */
  leadImage?: { src: string; srcSet?: string };
};

type Deps = {
  config: (site: string) => Promise<SiteConfig>;
  discover: (site: string, tabId: string) => Promise<DiscoverAsset>;
};

const DISCOVER_PAGE = /^\/pages\/([^/]+)\/d\/([^/]+)\/?$/;

/**
 * The data a web page of `path` shows first: the site config always, and for the landing (`/`) or a
 * discover tab the tab's rows (shared by every viewer: per-user rows are filled by the client). Never
 * fails a page: on any error the client fetches as usual.
 */
export async function pageBootstrap(deps: Deps, site: string, path: string): Promise<PageBootstrap | null> {
  try {
    const config = await deps.config(site);
    const named = DISCOVER_PAGE.exec(path);
    if (path !== '/' && !named) return { config };
    const [pageUrl, tabUrl] = named ? [decodeURIComponent(named[1]!), decodeURIComponent(named[2]!)] : [];
    const resolved = resolveTab(config, 'discover', pageUrl, tabUrl);
    if (!resolved) return { config };
    const asset = await deps.discover(site, resolved.tab.id);
    const lead = asset.rows.find((r) => r.items.length > 0 && (r.type === 'featured' || r.type === 'hero'));
    const image = lead ? cardImage(lead.items[0]!, 'thumbs') : null;
    return { config, discover: { tabId: resolved.tab.id, asset }, ...(image ? { leadImage: image } : {}) };
  } catch {
    return null;
  }
}
