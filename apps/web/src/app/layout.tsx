import { useCallback, useMemo, useRef, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation, useParams } from 'react-router';
import { useApplyTheme } from '@marquee/api-client/react';
import { parseWatchFlags } from '@marquee/domain';
import {
  BottomMenu,
  LeftMenu,
  SiteHeader,
  SmartBanner,
  defaultPage,
  resolveTab,
  useSiteConfig,
  type NavItem,
} from '../features/site';
import { useSession } from '@marquee/api-client/react';
import { paths } from '../config/paths';
import { AccountMenu } from '../features/auth';
import { CardActionsProvider, type CardActions } from '../features/discover';
import { CardFavoriteButton, cardTarget, PendingActions, WatchListButton } from '../features/watch-list';
// The box alone, so the results page stays in its lazy chunk.
import { SearchBox } from '../features/search/components/search-box';
import { useTranslation } from 'react-i18next';
import { usePageAnalytics } from './use-page-analytics';
import { Toaster } from '../components/toaster';
// The alert alone, so the purchases screens stay in their lazy chunk.
import { SuspendedPurchaseAlert } from '../features/purchases/components/suspended-purchase-alert';
import { accountPaths } from '../config/account-paths';
import { api } from '../lib/api';

/** The main area: themed header, left menu, the current route and (on phones) the bottom menu. */
export function RootLayout() {
  const config = useSiteConfig();
  const { t } = useTranslation('site');
  const { t: tc } = useTranslation();
  const { user, status } = useSession();
  const { pageUrl } = useParams();
  useApplyTheme(config.data);
  usePageAnalytics();
  const embed = parseWatchFlags(useLocation().search);

  const [menuOpen, setMenuOpen] = useState(false);
  const menuToggle = useRef<HTMLButtonElement>(null);
  const closeMenu = useCallback(() => {
    setMenuOpen(false);
    // Keyboard users continue from where they opened the menu.
    menuToggle.current?.focus();
  }, []);
  // Cards get the favorite heart (videos, not series or live channels), and the watch-list button
  // where the site has the watch list (perm watchList).
  const watchListOn = config.data?.perms.watchList ?? false;
  const cardActions = useMemo<CardActions>(
    () =>
      (item, { rowChannelId }) => {
        const target = cardTarget(item, rowChannelId);
        if (!target) return null;
        return (
          <>
            {target.contentType === 'video' ? (
              <CardFavoriteButton uid={target.contentId} title={item.title} channel={target.channel} />
            ) : null}
            {watchListOn ? <WatchListButton target={target} title={item.title} variant="card" /> : null}
          </>
        );
      },
    [watchListOn],
  );
  const bottomPage = config.data
    ? (config.data.pages.find((p) => p.url === pageUrl) ?? defaultPage(config.data))
    : null;

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

  // ?embed: the player alone, without the site's chrome (discovery-and-site §2.12, decision 0028).
  if (embed.embed) {
    return (
      <div className={`app app--embed${embed.transparent ? ' app--transparent' : ''}`}>
        <main id="main" className="app__main" tabIndex={-1}>
          <Outlet />
        </main>
        <Toaster />
      </div>
    );
  }

  return (
    <div className={`app${bottomPage && bottomPage.tabs.length > 1 ? ' app--with-bottom-menu' : ''}`}>
      <a className="skip-link" href="#main">
        {tc('skipToContent')}
      </a>
      {config.data ? <SmartBanner api={api} config={config.data} /> : null}
      <div className="app__top">
        <SiteHeader
          config={config.data}
          nav={nav}
          menuOpen={menuOpen}
          onMenuToggle={() => (menuOpen ? closeMenu() : setMenuOpen(true))}
          menuToggleRef={menuToggle}
        />
        <SearchBox />
        <AccountMenu perms={config.data?.perms} />
      </div>
      {config.data ? (
        <LeftMenu config={config.data} userId={user?.id ?? null} open={menuOpen} onClose={closeMenu} />
      ) : null}
      <main id="main" className="app__main" tabIndex={-1}>
        <CardActionsProvider value={cardActions}>
          <Outlet />
        </CardActionsProvider>
      </main>
      <PendingActions />
      <SuspendedPurchaseAlert
        userId={user?.id ?? null}
        anonymous={status === 'anonymous'}
        purchasesHref={accountPaths.purchases.getHref()}
        updateMethodHref={accountPaths.purchase.getHref}
      />
      <Toaster />
      <BottomMenu page={bottomPage} />
      <ScrollRestoration />
    </div>
  );
}
