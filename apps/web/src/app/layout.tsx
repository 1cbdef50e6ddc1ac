import { Outlet, ScrollRestoration } from 'react-router';
import { SiteHeader, resolveTab, useApplyTheme, useSiteConfig, type NavItem } from '../features/site';
import { paths } from '../config/paths';
import { AccountMenu } from '../features/auth';
import { useTranslation } from 'react-i18next';

/** The main area: themed header and the current route. */
export function RootLayout() {
  const config = useSiteConfig();
  const { t } = useTranslation();
  useApplyTheme(config.data);

  const nav: NavItem[] = [{ to: paths.home.getHref(), label: t('home'), end: true }];
  if (config.data) {
    for (const page of config.data.pages) {
      const tab = page.tabs.find((t) => t.kind === 'discover');
      if (tab && page.url !== config.data.defaultPage) {
        nav.push({ to: paths.discoverTab.getHref(page.url, tab.url), label: page.title });
      }
    }
    const epg = resolveTab(config.data, 'epg');
    nav.push({
      to: epg ? paths.epgTab.getHref(epg.page.url, epg.tab.url) : paths.liveTv.getHref(),
      label: t('liveTv'),
    });
  }

  return (
    <div className="app">
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <div className="app__top">
        <SiteHeader config={config.data} nav={nav} />
        <AccountMenu perms={config.data?.perms} />
      </div>
      <main id="main" className="app__main" tabIndex={-1}>
        <Outlet />
      </main>
      <ScrollRestoration />
    </div>
  );
}
