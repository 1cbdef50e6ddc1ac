import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter } from 'react-router';
import { paths } from '../config/paths';
import { RootLayout } from './layout';
import { accountRoutes } from './routes/account-routes';
import { authRoutes } from './routes/auth-routes';
import { DiscoverRoute } from './routes/discover-route';
import { NotFoundRoute } from './routes/not-found-route';
import { RouteError } from './routes/route-error';

// The watch screens carry the player (and hls.js on demand): load them when first needed.
const WatchRoute = lazy(() => import('./routes/watch-route'));
const LiveRoute = lazy(() => import('./routes/live-route'));

const suspended = (node: ReactNode) => (
  <Suspense fallback={<div className="watch__placeholder" style={{ aspectRatio: '16 / 9' }} />}>
    {node}
  </Suspense>
);

export function createRouter() {
  return createBrowserRouter([
    {
      path: '/',
      element: <RootLayout />,
      errorElement: <RouteError />,
      children: [
        { index: true, element: <DiscoverRoute /> },
        { path: paths.discoverTab.path, element: <DiscoverRoute /> },
        // A page without a tab shows its first discover tab.
        { path: paths.page.path, element: <DiscoverRoute /> },
        { path: paths.watch.path, element: suspended(<WatchRoute />) },
        { path: paths.epgTab.path, element: suspended(<LiveRoute />) },
        { path: paths.liveTv.path, element: suspended(<LiveRoute />) },
        { path: paths.liveChannel.path, element: suspended(<LiveRoute />) },
        ...authRoutes,
        ...accountRoutes,
        { path: '*', element: <NotFoundRoute /> },
      ],
    },
  ]);
}
