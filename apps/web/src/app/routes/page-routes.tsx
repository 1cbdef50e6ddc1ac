import type { Video } from '@marquee/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams, useSearchParams, type RouteObject } from 'react-router';
import { errorMessage } from '../../components/error-message';
import { StatusMessage } from '../../components/status-message';
import { paths } from '../../config/paths';
import { ChannelCard, DiscoverRows, RowSkeletons } from '../../features/discover';
import { LiveEventsList } from '../../features/live-events';
import {
  AboutTab,
  CastTab,
  DirectoryTab,
  FaqTab,
  HomeMovieTab,
  HomeTab,
  IframeTab,
  LegalView,
  type LegalDoc,
} from '../../features/pages';
import {
  landingAction,
  resolveOverlayPage,
  resolvePageRoute,
  tabHref,
  useSiteConfig,
} from '../../features/site';
import { useSession } from '@marquee/api-client/react';
import { DiscoverRoute } from './discover-route';
import { legacyRoutes } from './legacy-redirects';

type Tab = { id: string; url: string; title: string; kind: string };

/** Discover rows of a tab, with the viewer's and the site's settings (home tabs and overlays). */
function TabRows({ tabId }: { tabId: string }) {
  const config = useSiteConfig();
  const { status } = useSession();
  if (!config.data) return null;
  const { perms, ads } = config.data;
  return (
    <DiscoverRows
      tabId={tabId}
      signedIn={status === 'signedIn'}
      modernTheme={perms.modernTheme}
      banners={perms.adBanners && ads.enabled ? ads.banners : null}
    />
  );
}

/** A live event opens in its channel's watch screen. */
const eventHref = (v: Video) => paths.watch.getHref(v.metadata.channel ?? 'events', v.uid);

/** The screen of one tab, by its kind (discover and EPG have their own routes). */
function TabScreen({ pageUrl, tab }: { pageUrl: string; tab: Tab }) {
  switch (tab.kind) {
    case 'about':
      return <AboutTab tabId={tab.id} />;
    case 'cast':
      return <CastTab tabId={tab.id} />;
    case 'home':
      return <HomeTab tabId={tab.id} rows={(id) => <TabRows tabId={id} />} />;
    case 'home-movie':
      return <HomeMovieTab tabId={tab.id} />;
    case 'iframe':
      return <IframeTab tabId={tab.id} />;
    case 'faq':
      return <FaqTab tabId={tab.id} />;
    case 'live':
      return <LiveEventsList tabId={tab.id} title={tab.title} hrefFor={eventHref} />;
    case 'directory':
      return <DirectoryTab tabId={tab.id} title={tab.title} card={(c) => <ChannelCard channel={c} />} />;
    case 'discover':
      return <TabRows tabId={tab.id} />;
    default:
      return <Navigate to={tabHref(pageUrl, tab)} replace />;
  }
}

/** Waits for the site config; its error state offers a retry. */
function useConfigGate() {
  const { t } = useTranslation();
  const config = useSiteConfig();
  const gate = config.isPending ? (
    <RowSkeletons />
  ) : config.isError ? (
    <StatusMessage kind="error" title={t('siteLoadError')} onRetry={() => void config.refetch()}>
      {errorMessage(config.error)}
    </StatusMessage>
  ) : null;
  return { config: config.data, gate };
}

/**
 * `/`: the configured default page (§2.1, §9); a signed-out visitor goes to the site's external
 * landing URL when it has one.
 */
function LandingRoute() {
  const { config, gate } = useConfigGate();
  const { status } = useSession();
  const landing = config ? landingAction(config, status) : null;
  const external = landing?.action === 'external' ? landing.url : null;
  useEffect(() => {
    // replace: Back from the external page does not land here again.
    if (external) window.location.replace(external);
  }, [external]);
  if (gate || !landing) return gate;
  if (landing.action === 'redirect') return <Navigate to={landing.to} replace />;
  if (landing.action === 'discover') return <DiscoverRoute />;
  return <RowSkeletons />;
}

/** `/pages/:pageUrl` and `/pages/:pageUrl/:code/:tabUrl`: the overlay-page rules of §2.1. */
function PageTabRoute() {
  const { pageUrl, code, tabUrl } = useParams();
  const { config, gate } = useConfigGate();
  if (gate || !config) return gate;
  const result = resolvePageRoute(config, pageUrl, code, tabUrl);
  if (result.action === 'home') return <Navigate to={paths.home.getHref()} replace />;
  if (result.action === 'redirect') return <Navigate to={result.to} replace />;
  return <TabScreen key={result.tab.id} pageUrl={result.page.url} tab={result.tab} />;
}

/** `/overlay/:pageUrl?tab=`: an overlay-toggle page over the app; Escape or Close leaves it. */
function OverlayRoute() {
  const { t } = useTranslation('pages');
  const { pageUrl } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const { config, gate } = useConfigGate();
  const closeRef = useRef<HTMLButtonElement>(null);
  const close = () => void navigate(paths.home.getHref());
  useEffect(() => {
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') void navigate(paths.home.getHref());
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [navigate]);
  if (gate || !config) return gate;
  const found = resolveOverlayPage(config, pageUrl, search.get('tab'));
  if (!found) return <Navigate to={paths.home.getHref()} replace />;
  return (
    <div
      className="page-overlay"
      role="dialog"
      aria-modal="true"
      aria-label={found.page.title}
      data-testid="page-overlay"
    >
      <div className="page-overlay__bar">
        <nav aria-label={found.page.title}>
          {found.page.tabs.map((tab) => (
            <Link
              key={tab.id}
              to={paths.overlayPage.getHref(found.page.url, tab.url)}
              aria-current={tab.id === found.tab.id ? 'page' : undefined}
            >
              {tab.title}
            </Link>
          ))}
        </nav>
        <button
          ref={closeRef}
          type="button"
          className="button button--ghost"
          onClick={close}
          data-testid="overlay-close"
        >
          {t('close')}
        </button>
      </div>
      <TabScreen key={found.tab.id} pageUrl={found.page.url} tab={found.tab} />
    </div>
  );
}

/** `/legal` (terms) and `/legal/privacy`. */
function LegalRoute() {
  const { doc } = useParams();
  if (doc !== undefined && doc !== 'privacy') return <Navigate to={paths.legal.getHref()} replace />;
  return <LegalView doc={(doc ?? 'terms') as LegalDoc} hrefFor={paths.legal.getHref} />;
}

/** The site's pages, tab screens, overlay and legal pages, and the legacy redirects. */
export const pageRoutes: RouteObject[] = [
  { index: true, element: <LandingRoute /> },
  { path: paths.page.path, element: <PageTabRoute /> },
  { path: paths.pageTab.path, element: <PageTabRoute /> },
  { path: paths.overlayPage.path, element: <OverlayRoute /> },
  { path: paths.legal.path, element: <LegalRoute /> },
  ...legacyRoutes,
];
