import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { accountRoutes } from './routes/account-routes';
import { commerceRoutes } from './routes/commerce-routes';
import { purchasesRoutes } from './routes/purchases-routes';
import { RootLayout } from './layout';
import { DiscoverRoute } from './routes/discover-route';
import { NotFoundRoute } from './routes/not-found-route';
import { pageRoutes } from './routes/page-routes';
import { RouteError } from './routes/route-error';
import { WATCH_ROUTE_PATTERNS, type WatchRouteKind } from '@marquee/domain';

// The watch screens carry the player (and hls.js on demand): load them when first needed.
/** The watch screen's code; started early when the page opens on a watch screen (providers). */
export const loadWatchRoute = () => import('./routes/watch-route');
const WatchRoute = lazy(loadWatchRoute);
const NotLiveRoute = lazy(() => import('./routes/not-live-route'));
const LiveRoute = lazy(() => import('./routes/live-route'));
const EpgRoute = lazy(() => import('./routes/epg-route'));
const SearchRoute = lazy(() => import('./routes/search-route'));
// Channel details and title pages: their own chunks too.
const ChannelRoute = lazy(() => import('./routes/channel-route'));
const MovieRoute = lazy(() => import('./routes/movie-route'));
const SeriesRoute = lazy(() => import('./routes/series-route'));
const LibraryRoute = lazy(() => import('./routes/library-route'));
const WatchPartyRoute = lazy(() => import('./routes/watch-party-route'));
const LiveWatchPartyRoute = lazy(() =>
  import('./routes/watch-party-route').then((m) => ({ default: m.LiveWatchPartyRoute })),
);
const CreateGifRoute = lazy(() => import('./routes/gif-routes').then((m) => ({ default: m.CreateGifRoute })));
const GifRoute = lazy(() => import('./routes/gif-routes').then((m) => ({ default: m.GifRoute })));

/** Sign-in screens are no one's landing: their code loads on the first visit. */
export const AUTH_PATHS = [
  paths.login.path,
  paths.signup.path,
  paths.forgotPassword.path,
  paths.resetPassword.path,
  paths.requiredResetPassword.path,
  paths.passcode.path,
  paths.autologin.path,
  paths.activate.path,
  paths.activateVizio.path,
  paths.oauthCallback.path,
];

/** Routes whose elements come from a module loaded when one of them is first visited. */
export function lazyRoutes(routePaths: string[], load: () => Promise<RouteObject[]>): RouteObject[] {
  return routePaths.map((path) => ({
    path,
    lazy: async () => {
      const element = (await load()).find((r) => r.path === path)?.element ?? null;
      return { Component: () => element };
    },
  }));
}
export const loadAuthRoutes = async () => (await import('./routes/auth-routes')).authRoutes;

const suspended = (node: ReactNode) => (
  <Suspense fallback={<div className="watch__placeholder" style={{ aspectRatio: '16 / 9' }} />}>
    {node}
  </Suspense>
);

/**
 * Every watch route of playback-and-social §2.2 (the domain's table: channel, dynamic, one, live,
 * watch party, playlist, movie, extras, episodes, watch list), each also under /watch (the
 * canonical form) and with the embed overlays /embed/info and /embed/share (decision 0028).
 */
export function watchRoutes(): RouteObject[] {
  // The live event watch party route is the party screen, not the live watch screen (decision 0051).
  const el = (kind: WatchRouteKind, dynamicType?: string) =>
    suspended(
      kind === 'live-party' ? <LiveWatchPartyRoute /> : <WatchRoute kind={kind} dynamicType={dynamicType} />,
    );
  return WATCH_ROUTE_PATTERNS.flatMap(({ kind, path, dynamicType }) => [
    { path, element: el(kind, dynamicType) },
    { path: `/watch${path}`, element: el(kind, dynamicType) },
    { path: `${path}/embed/:overlay`, element: el(kind, dynamicType) },
  ]);
}

export function createRouter() {
  return createBrowserRouter([
    {
      path: '/',
      element: <RootLayout />,
      errorElement: <RouteError />,
      children: [
        { path: paths.discoverTab.path, element: <DiscoverRoute /> },
        ...pageRoutes,
        ...watchRoutes(),
        { path: paths.notLive.path, element: suspended(<NotLiveRoute />) },
        { path: paths.epgTab.path, element: suspended(<EpgRoute />) },
        { path: paths.liveTv.path, element: suspended(<LiveRoute />) },
        { path: paths.liveChannel.path, element: suspended(<LiveRoute />) },
        { path: paths.search.path, element: suspended(<SearchRoute />) },
        { path: paths.channelWatchList.path, element: suspended(<ChannelRoute mode="watch-list" />) },
        { path: paths.channelDetails.path, element: suspended(<ChannelRoute />) },
        { path: paths.movie.path, element: suspended(<MovieRoute />) },
        { path: paths.series.path, element: suspended(<SeriesRoute />) },
        { path: paths.seriesEpisode.path, element: suspended(<SeriesRoute />) },
        { path: paths.library.path, element: suspended(<LibraryRoute />) },
        { path: paths.watchParty.path, element: suspended(<WatchPartyRoute />) },
        { path: paths.libraryLabel.path, element: suspended(<LibraryRoute />) },
        { path: paths.createGif.path, element: suspended(<CreateGifRoute />) },
        { path: paths.gif.path, element: suspended(<GifRoute />) },
        ...lazyRoutes(AUTH_PATHS, loadAuthRoutes),
        ...accountRoutes, // lazy already, route by route
        ...commerceRoutes, // lazy too (decision 0034)
        ...purchasesRoutes, // lazy too (decision 0035)
        { path: '*', element: <NotFoundRoute /> },
      ],
    },
  ]);
}
