import type { SiteConfig } from '@marquee/contract';

/**
 * The discover tab to show: the tab `id` when the site has it (/discover/{id}), else the first discover
 * tab of the default page, else of any page.
 */
export function discoverTab(config: Pick<SiteConfig, 'pages' | 'defaultPage'>, id?: string) {
  const tabs = config.pages.flatMap((page) =>
    page.tabs.filter((t) => t.kind === 'discover').map((tab) => ({ page, tab })),
  );
  return (
    (id ? tabs.find((t) => t.tab.id === id || t.tab.url === id) : undefined) ??
    tabs.find((t) => t.page.url === config.defaultPage) ??
    tabs[0] ??
    null
  );
}
