import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useAnalytics } from '@marquee/player/react';

/** Sends a `page` event (discovery-and-site §7 Analytics) for each route the viewer opens: its path, no query. */
export function usePageAnalytics() {
  const { pathname } = useLocation();
  const analytics = useAnalytics();
  useEffect(() => {
    analytics.track({ kind: 'page', page: pathname });
  }, [analytics, pathname]);
}
