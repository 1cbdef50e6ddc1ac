import type { SiteConfig } from '@marquee/contract';
import { resolveTab as resolveTabRule } from '@marquee/domain';

type Page = SiteConfig['pages'][number];
type Tab = Page['tabs'][number];

export interface ResolvedTab {
  page: Page;
  tab: Tab;
}

/**
 * The path code of each tab kind (discovery-and-site §2.1 "Template codes for page kinds: discover d,
 * home h, about a, cast c, faq f, home-movie hm, iframe i, directory dir, live l, epg e").
 */
export const TAB_CODES = {
  about: 'a',
  cast: 'c',
  discover: 'd',
  epg: 'e',
  faq: 'f',
  home: 'h',
  'home-movie': 'hm',
  iframe: 'i',
  live: 'l',
  directory: 'dir',
} as const;
export type TabKindName = keyof typeof TAB_CODES;
export type TabCode = (typeof TAB_CODES)[TabKindName];

/** The kind a path code stands for, or null for an unknown code. */
export function kindOfCode(code: string): TabKindName | null {
  const entry = Object.entries(TAB_CODES).find(([, c]) => c === code);
  return entry ? (entry[0] as TabKindName) : null;
}

/** /pages/{pageUrl}/{code}/{tabUrl}; a tab of an unknown kind links to its page. */
export function tabHref(pageUrl: string, tab: Pick<Tab, 'kind' | 'url'>): string {
  const code = TAB_CODES[tab.kind as TabKindName];
  const page = `/pages/${encodeURIComponent(pageUrl)}`;
  return code ? `${page}/${code}/${encodeURIComponent(tab.url)}` : page;
}

/** The page and tab to show (rule in @marquee/domain, shared with the server's page bootstrap). */
export const resolveTab = (
  config: Pick<SiteConfig, 'pages' | 'defaultPage'>,
  kind: string,
  pageUrl?: string,
  tabUrl?: string,
): ResolvedTab | null => resolveTabRule(config, kind, pageUrl, tabUrl);

/** The configured default page (§9 "Default page from site config"), else the first page. */
export function defaultPage(config: Pick<SiteConfig, 'pages' | 'defaultPage'>): Page | null {
  return config.pages.find((p) => p.url === config.defaultPage) ?? config.pages[0] ?? null;
}

/**
 * Where /pages/{pageUrl}/{code}/{tabUrl} goes (§2.1): an unknown or disabled page (disabled pages are
 * not in the config) goes home; a missing or unknown tab goes to the page's first tab. `show` when the
 * tab is there and of the path's kind.
 */
export type PageRouteResult =
  { action: 'home' } | { action: 'redirect'; to: string } | { action: 'show'; page: Page; tab: Tab };

export function resolvePageRoute(
  config: Pick<SiteConfig, 'pages' | 'defaultPage'>,
  pageUrl: string | undefined,
  code?: string,
  tabUrl?: string,
): PageRouteResult {
  const page = config.pages.find((p) => p.url === pageUrl);
  if (!page || page.tabs.length === 0) return { action: 'home' };
  const kind = code ? kindOfCode(code) : null;
  const tab = page.tabs.find((t) => t.url === tabUrl && t.kind === kind);
  if (tab) return { action: 'show', page, tab };
  return { action: 'redirect', to: tabHref(page.url, page.tabs[0]!) };
}

/**
 * An overlay page (§2.1 "Overlay pages: an unknown page, a disabled page, or a page that is not an
 * overlay-toggle leads home; a missing or unknown tab leads to the first tab").
 */
export function resolveOverlayPage(
  config: Pick<SiteConfig, 'pages'>,
  pageUrl: string | undefined,
  tabUrl: string | null,
): { page: Page; tab: Tab } | null {
  const page = config.pages.find((p) => p.url === pageUrl);
  if (!page || !page.overlayToggle || page.tabs.length === 0) return null;
  return { page, tab: page.tabs.find((t) => t.url === tabUrl) ?? page.tabs[0]! };
}

/** The bottom menu's size class (§2.9 "Bottom menu: tab counts one to five, else many"). */
export function bottomMenuCount(n: number): 'one' | 'two' | 'three' | 'four' | 'five' | 'many' {
  return (['one', 'two', 'three', 'four', 'five'] as const)[n - 1] ?? 'many';
}

/**
 * What `/` shows (§2.1 "The default landing is the configured default page. An optional landing-page
 * setting can send logged-out visitors to an external URL"): wait for the session when an external
 * landing is set, go there when signed out, else the default page's first tab (discover in place).
 */
export type LandingAction =
  | { action: 'wait' }
  | { action: 'external'; url: string }
  | { action: 'discover' }
  | { action: 'redirect'; to: string };

export function landingAction(
  config: Pick<SiteConfig, 'pages' | 'defaultPage' | 'landing'>,
  session: 'loading' | 'anonymous' | 'signedIn',
): LandingAction {
  const external = config.landing.externalUrl;
  if (external && session === 'loading') return { action: 'wait' };
  if (external && session === 'anonymous') return { action: 'external', url: external };
  const page = defaultPage(config);
  const first = page?.tabs[0];
  if (!page || !first || first.kind === 'discover') return { action: 'discover' };
  return { action: 'redirect', to: tabHref(page.url, first) };
}
