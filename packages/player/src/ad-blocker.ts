import { AD_BLOCKER_BAIT_MARKER, AD_BLOCKER_BAIT_PATH, AD_BLOCKER_POLL_MS } from '@marquee/domain';

type Fetch = (
  url: string,
  init: { cache: 'no-store' },
) => Promise<{ ok: boolean; text: () => Promise<string> }>;

/**
 * The ad-blocker gate's check (playback-and-social §4.3): requests the bait at a path blockers
 * block. True when it was blocked (the request failed, was refused, or came back without the marker).
 */
export async function isAdBlocked(fetchFn: Fetch, url: string = AD_BLOCKER_BAIT_PATH): Promise<boolean> {
  try {
    // A cache-buster, so a blocker turned off is seen at the next poll.
    const res = await fetchFn(`${url}?cb=${Date.now()}`, { cache: 'no-store' });
    return !res.ok || !(await res.text()).includes(AD_BLOCKER_BAIT_MARKER);
  } catch {
    return true;
  }
}

/**
 * "The page polls every second and reloads once the blocker is gone": checks every
 * `intervalMs` and calls `onGone` once, when the bait loads. Returns a stop function.
 */
export function pollUntilUnblocked(
  check: () => Promise<boolean>,
  onGone: () => void,
  timers: {
    setInterval: (fn: () => void, ms: number) => unknown;
    clearInterval: (handle: unknown) => void;
  } = {
    setInterval: (fn, ms) => setInterval(fn, ms),
    clearInterval: (h) => clearInterval(h as ReturnType<typeof setInterval>),
  },
  intervalMs: number = AD_BLOCKER_POLL_MS,
): () => void {
  let stopped = false;
  let busy = false;
  const handle = timers.setInterval(() => {
    if (busy || stopped) return;
    busy = true;
    void check()
      .then((blocked) => {
        if (!blocked && !stopped) {
          stop();
          onGone();
        }
      })
      .finally(() => (busy = false));
  }, intervalMs);
  function stop() {
    stopped = true;
    timers.clearInterval(handle);
  }
  return stop;
}
