import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { BASENAME, DEFAULT_TYPE, paths } from '../config/paths';
import { TvShell } from './shell';
import { DiscoverRoute } from './routes/discover-route';
import { LoginRoute } from './routes/login-route';
import { MenuRoute } from './routes/menu-route';
import { JoinPartyRoute } from './routes/join-party-route';
import { ProfileRoute } from './routes/profile-route';
import { MovieRoute, SeriesRoute } from './routes/title-routes';

const PlayVideoRoute = lazy(() => import('./routes/play-video-route'));
const PlayLiveRoute = lazy(() => import('./routes/play-live-route'));
const PartyRoute = lazy(() => import('./routes/party-route'));

const suspended = (node: ReactNode) => <Suspense fallback={<div className="tv-player" />}>{node}</Suspense>;

/** Routes under /tvn/{type} (playback-and-social §2.1); unknown paths go to /tvn/generic. */
export function createRouter() {
  return createBrowserRouter(
    [
      { path: '/', element: <Navigate to={`/${DEFAULT_TYPE}`} replace /> },
      {
        path: paths.root.path,
        element: <TvShell />,
        children: [
          { index: true, element: <DiscoverRoute /> },
          { path: paths.discover.path, element: <DiscoverRoute /> },
          { path: paths.discoverTab.path, element: <DiscoverRoute /> },
          { path: paths.playVideo.path, element: suspended(<PlayVideoRoute />) },
          { path: paths.playLive.path, element: suspended(<PlayLiveRoute />) },
          { path: paths.movie.path, element: <MovieRoute /> },
          { path: paths.series.path, element: <SeriesRoute /> },
          { path: paths.menu.path, element: <MenuRoute /> },
          { path: paths.login.path, element: <LoginRoute /> },
          { path: paths.profile.path, element: <ProfileRoute /> },
          { path: paths.joinParty.path, element: <JoinPartyRoute /> },
          { path: paths.party.path, element: suspended(<PartyRoute />) },
          { path: '*', element: <Navigate to={`/${DEFAULT_TYPE}`} replace /> },
        ],
      },
      { path: '*', element: <Navigate to={`/${DEFAULT_TYPE}`} replace /> },
    ],
    { basename: BASENAME },
  );
}
