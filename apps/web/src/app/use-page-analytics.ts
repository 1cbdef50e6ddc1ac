import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { analytics } from '../lib/analytics';

/** Sends a `page` event (discovery-and-site §7 Analytics) for each route the viewer opens: its path, no query. */
export function usePageAnalytics() {
  const { pathname } = useLocation();
  useEffect(() => {
    analytics.track({ kind: 'page', page: pathname });
  }, [pathname]);
}
