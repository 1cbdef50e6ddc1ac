import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { BASENAME, DEFAULT_TYPE, paths, SCREEN_SEGMENTS } from '../config/paths';
import { ApiProvider, SessionProvider, useApplyTheme } from '@marquee/api-client/react';
import { apiFor, sessionFor } from '../lib/api';
import { backOutcome, exitApp } from '../lib/back';
import { RemoteProvider, type RemoteHandler } from '../lib/remote';
import { useToast } from '../lib/toast';
import {
  deepLinkTarget,
  getPlatform,
  isPlatformType,
  watchContentChanges,
  type PlatformNotice,
} from '../platform';
import { useSiteConfig } from '../features/site';
// Not the feature's index: that would pull the player (a lazy chunk) into the first load.
import { platformTrackHandlers } from '../features/playback/utils/track-choice';
import { ExitConfirm } from './exit-confirm';
import { TopBar } from './top-bar';
import { useForgetProgressOnSignOut } from '../lib/my-lists';

/**
 * /tvn/:type — picks the platform variant from :type. An unknown type goes to /tvn/generic; a screen
 * name in its place (/tvn/discover, /tvn/play-video/…) means the generic type.
 */
export function TvShell() {
  const { type } = useParams();
  const location = useLocation();
  if (!isPlatformType(type)) {
    const to =
      type && SCREEN_SEGMENTS.includes(type)
        ? `/${DEFAULT_TYPE}${location.pathname}${location.search}`
        : `/${DEFAULT_TYPE}`;
    return <Navigate to={to} replace />;
  }
  return (
    <ApiProvider api={apiFor(type)}>
      <SessionProvider session={sessionFor(type)}>
        <PlatformShell type={type} />
      </SessionProvider>
    </ApiProvider>
  );
}

function PlatformShell({ type }: { type: string }) {
  const platform = getPlatform(type);
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const config = useSiteConfig();
  useApplyTheme(config.data);
  useForgetProgressOnSignOut();

  const { t } = useTranslation();
  // A content-change URL opens its screen, or says it cannot (playback-and-social §2.1, §8).
  const openContent = useCallback(
    (url: string) => {
      const to = deepLinkTarget(url);
      if (to) void navigate(to);
      else toast(t('deepLinkError'));
    },
    [navigate, toast, t],
  );
  // The platform starts once per variant (VIZIO's handlers are registered once); it reaches the
  // newest toast and router through a ref.
  const latest = useRef({ openContent, notify: (notice: PlatformNotice) => toast(t(notice)) });
  useEffect(() => {
    latest.current = { openContent, notify: (notice) => toast(t(notice)) };
  }, [openContent, toast, t]);
  useEffect(
    () =>
      platform.setup?.({
        notify: (notice) => latest.current.notify(notice),
        openContent: (url) => latest.current.openContent(url),
        target: window,
        tracks: platformTrackHandlers(),
      }),
    [platform],
  );
  useEffect(() => watchContentChanges(openContent, { window }), [openContent]);

  const isPlayer = /\/play-(video|live)\//.test(location.pathname);
  const isHome = useCallback(
    (pathname: string) => pathname === paths.root.getHref(type) || pathname === paths.discover.getHref(type),
    [type],
  );
  const atHome = isHome(location.pathname);

  // Back where no screen took it: back in history, else home; on the home grid, "Exit?" first.
  const [confirmExit, setConfirmExit] = useState(false);
  const fallback = useCallback<RemoteHandler>(
    (action) => {
      // The Exit key leaves at once where the platform can (VIZIO's exitApplication).
      if (action === 'exit') return platform.exitApp?.() === true;
      if (action !== 'back') return false;
      const historyIndex = (window.history.state as { idx?: number } | null)?.idx ?? 0;
      // Where the address is now, not at the last render: a Back pressed while the next screen is
      // still loading (a lazy player route) belongs to that screen, never to the home grid's "Exit?".
      const outcome = backOutcome({
        atHome: isHome(window.location.pathname.slice(BASENAME.length)),
        historyIndex,
      });
      if (outcome === 'confirmExit') setConfirmExit(true);
      else if (outcome === 'history') void navigate(-1);
      else void navigate(paths.discover.getHref(type), { replace: true });
      return true;
    },
    [isHome, navigate, type, platform],
  );

  return (
    <RemoteProvider platform={platform} fallback={fallback}>
      <div className={`tv-app tv-app--${type}`} data-platform={type}>
        {isPlayer ? null : <TopBar type={type} name={config.data?.name} logo={config.data?.theme.logo} />}
        <main className={isPlayer ? 'tv-main tv-main--player' : 'tv-main'}>
          <Outlet />
        </main>
        {confirmExit && atHome ? (
          <ExitConfirm
            name={config.data?.name ?? ''}
            onStay={() => setConfirmExit(false)}
            onExit={() => {
              setConfirmExit(false);
              exitApp(platform, window);
            }}
          />
        ) : null}
      </div>
    </RemoteProvider>
  );
}
