import { useEffect, useState } from 'react';

/**
 * The effect behind useDelayedHide: on open, shown at once; on close, hidden after `delayMs`. Returns
 * the cleanup (a reopen before the delay cancels the hide).
 */
export function scheduleDelayedHide(
  open: boolean,
  delayMs: number,
  setShown: (shown: boolean) => void,
): (() => void) | undefined {
  if (open) {
    setShown(true);
    return undefined;
  }
  const timer = setTimeout(() => setShown(false), delayMs);
  return () => clearTimeout(timer);
}

/**
 * Whether a panel is still rendered: true while `open`, and for `delayMs` after it closes (so it can
 * animate out; the left menu hides after 250 ms, discovery-and-site §2.9).
 */
export function useDelayedHide(open: boolean, delayMs: number): boolean {
  const [shown, setShown] = useState(open);
  useEffect(() => scheduleDelayedHide(open, delayMs, setShown), [open, delayMs]);
  return open || shown;
}
