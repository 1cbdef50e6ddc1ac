import { legacyRedirect, type LegacyRedirectContext } from '@marquee/domain';
import { useEffect } from 'react';
import { Navigate, useLocation, type RouteObject } from 'react-router';
import { RowSkeletons } from '../../features/discover';
import { resolveTab, tabHref, useSiteConfig } from '../../features/site';

/**
 * The old paths of §2.11, mapped by `legacyRedirect` (packages/domain) to a route of this app or an
 * external URL; unknown or empty slugs go home.
 */
function LegacyRedirectRoute() {
  const { pathname, search } = useLocation();
  const config = useSiteConfig();
  const target = (() => {
    if (!config.data) return null;
    const href = (kind: string) => {
      const found = resolveTab(config.data, kind);
      return found ? tabHref(found.page.url, found.tab) : null;
    };
    const ctx: LegacyRedirectContext = {
      iframeHref: href('iframe'),
      aboutHref: href('about'),
      epgHref: href('epg'),
      signupUrl: config.data.legacy.signupUrl,
      seriesSlugs: config.data.legacy.seriesSlugs,
    };
    return legacyRedirect(pathname, search, ctx) ?? { kind: 'internal' as const, to: '/' };
  })();
  const external = target?.kind === 'external' ? target.url : null;
  useEffect(() => {
    if (external) window.location.replace(external);
  }, [external]);

  if (config.isError) return <Navigate to="/" replace />;
  if (!target || target.kind === 'external') return <RowSkeletons />;
  return <Navigate to={target.to} replace />;
}

const element = <LegacyRedirectRoute />;

/** Client routes of the legacy prefixes (a splat also matches the bare prefix). */
export const legacyRoutes: RouteObject[] = [
  'channel-details',
  'deep-links',
  'recent-details',
  'recommended-details',
  'playlist',
  'account',
  'category',
  'packages',
  'page',
  'secure',
]
  .map((prefix): RouteObject => ({ path: `/${prefix}/*`, element }))
  // /channel/{id} only: /channel/{channelId}/{videoUid} is the watch route.
  .concat([{ path: '/channel/:channelId', element }]);
