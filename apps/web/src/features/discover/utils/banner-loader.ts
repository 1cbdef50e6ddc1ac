import type { AdBanner } from '@marquee/contract';
import { adBannerRefreshMs } from '@marquee/domain';

export type BannerState =
  { kind: 'loading' } | { kind: 'loaded'; markup: string; width: number; height: number } | { kind: 'error' };

type Timers = {
  setInterval: (fn: () => void, ms: number) => unknown;
  clearInterval: (handle: unknown) => void;
};

const defaultTimers: Timers = {
  setInterval: (fn, ms) => setInterval(fn, ms),
  clearInterval: (h) => clearInterval(h as ReturnType<typeof setInterval>),
};

/**
 * One banner slot (discovery-and-site §5, §7, §8): asks for the banner with a cache-buster (our
 * server asks the ad server for the viewer, decision 0063), then again every max(configured
 * refresh, 30 s). A failed or empty answer is 'Error loading ad banner' until a later refresh
 * succeeds. Returns a stop function.
 */
export function startBannerLoader(
  config: { refreshMs: number },
  fetchBanner: (cacheBuster: string) => Promise<AdBanner>,
  onState: (state: BannerState) => void,
  timers: Timers = defaultTimers,
  now: () => number = Date.now,
): () => void {
  let stopped = false;
  const load = () =>
    fetchBanner(String(now())).then(
      ({ markup, width, height }) =>
        !stopped && onState(markup?.trim() ? { kind: 'loaded', markup, width, height } : { kind: 'error' }),
      () => !stopped && onState({ kind: 'error' }),
    );
  onState({ kind: 'loading' });
  void load();
  const handle = timers.setInterval(() => void load(), adBannerRefreshMs(config.refreshMs));
  return () => {
    stopped = true;
    timers.clearInterval(handle);
  };
}
