/** A site page with its tabs, as the site config lists them. */
export interface PageLike<T extends TabLike = TabLike> {
  url: string;
  tabs: T[];
}
export interface TabLike {
  url: string;
  kind: string;
}

/**
 * The page and tab to show (discovery-and-site §2.1): the named page (else the default page, else the
 * first), and the named tab of `kind` on it (a missing or unknown tab leads to the first such tab).
 * Null when the site has no tab of that kind.
 */
export function resolveTab<P extends PageLike>(
  config: { pages: P[]; defaultPage: string },
  kind: string,
  pageUrl?: string,
  tabUrl?: string,
): { page: P; tab: P['tabs'][number] } | null {
  const byUrl = pageUrl ? config.pages.find((p) => p.url === pageUrl) : undefined;
  const fallback = config.pages.find((p) => p.url === config.defaultPage) ?? config.pages[0];
  const candidates = [byUrl ?? fallback, ...config.pages].filter((p): p is P => !!p);
  for (const page of candidates) {
    const tabs = page.tabs.filter((t) => t.kind === kind);
    const tab = tabs.find((t) => t.url === tabUrl) ?? tabs[0];
    if (tab) return { page, tab };
  }
  return null;
}
