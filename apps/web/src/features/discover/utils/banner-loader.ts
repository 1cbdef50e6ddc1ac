import { adBannerRefreshMs, adBannerUrl } from '@marquee/domain';

export type BannerState = { kind: 'loading' } | { kind: 'loaded'; markup: string } | { kind: 'error' };

type Timers = {
  setInterval: (fn: () => void, ms: number) => unknown;
  clearInterval: (handle: unknown) => void;
};

const defaultTimers: Timers = {
  setInterval: (fn, ms) => setInterval(fn, ms),
  clearInterval: (h) => clearInterval(h as ReturnType<typeof setInterval>),
};

/**
 * One banner slot (discovery-and-site §5, §7, §8): fetches the ad markup for the placement with a
 * cache-buster, then again every max(configured refresh, 30 s). A failed or empty answer is
 * 'Error loading ad banner' until a later refresh succeeds. Returns a stop function.
 */
export function startBannerLoader(
  config: { url: string; slot: string; refreshMs: number },
  fetchMarkup: (url: string) => Promise<string>,
  onState: (state: BannerState) => void,
  timers: Timers = defaultTimers,
  now: () => number = Date.now,
): () => void {
  let stopped = false;
  const load = () =>
    fetchMarkup(adBannerUrl(config.url, config.slot, String(now()))).then(
      (markup) => !stopped && onState(markup.trim() ? { kind: 'loaded', markup } : { kind: 'error' }),
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
