import { useEffect, useState } from 'react';

/**
 * Whether a panel is still rendered: true while `open`, and for `delayMs` after it closes (so it can
 * animate out; the left menu hides after 250 ms, discovery-and-site §2.9).
 */
export function useDelayedHide(open: boolean, delayMs: number): boolean {
  const [shown, setShown] = useState(open);
  useEffect(() => {
    if (open) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- shown at once on open; only the hide waits
      setShown(true);
      return;
    }
    const timer = setTimeout(() => setShown(false), delayMs);
    return () => clearTimeout(timer);
  }, [open, delayMs]);
  return open || shown;
}
