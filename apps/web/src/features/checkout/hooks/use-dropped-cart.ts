import { recordDroppedCart } from '@marquee/api-client';
import { useSession } from '@marquee/api-client/react';
import { useEffect, useRef } from 'react';
import { api } from '../../../lib/api';
import { isDroppedCart } from '../utils/checkout-rules';

/**
 * Reports the viewer leaving checkout without paying (POST me/sites/{site}/dropped-cart; decision
 * 0060): when the checkout unmounts (they went elsewhere in the app) or the page goes away
 * (pagehide), before the purchase succeeded, once per visit. Sent with keepalive so it outlives the
 * page; a failure is ignored (the purchase flow never waits for it).
 */
export function useDroppedCart(opts: {
  bundleId: string;
  bundleName: string;
  kind: 'purchase' | 'gift' | 'upgrade';
  alreadyHas: boolean;
  succeeded: boolean;
}) {
  const { status } = useSession();
  const latest = useRef({ ...opts, signedIn: status === 'signedIn' });
  // The last rendered state, for the report made when the viewer leaves.
  useEffect(() => {
    latest.current = { ...opts, signedIn: status === 'signedIn' };
  });
  const reported = useRef(false);
  /** An unmount's report waits a tick: React's development remount (StrictMode) cancels it. */
  const pendingLeave = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    if (pendingLeave.current !== null) clearTimeout(pendingLeave.current);
    pendingLeave.current = null;
    const leave = () => {
      const s = latest.current;
      if (!isDroppedCart({ ...s, reported: reported.current })) return;
      reported.current = true;
      recordDroppedCart(api, { bundleId: s.bundleId, bundleName: s.bundleName }, { keepalive: true }).catch(
        () => {},
      );
    };
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      pendingLeave.current = setTimeout(leave, 0);
    };
  }, []);
}
