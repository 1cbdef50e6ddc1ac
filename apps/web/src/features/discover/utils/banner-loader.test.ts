import { describe, expect, it, vi } from 'vitest';
import { startBannerLoader, type BannerState } from './banner-loader';

// Ad banners (discovery-and-site §5 "Ad banner refresh is at least 30000 ms"; §7 "fetch ad markup
// … with a placement key, a cache-buster"; §8 'Error loading ad banner').
const config = { refreshMs: 5_000 };
const banner = (markup: string | null) => ({ markup, width: 728, height: 90 });

function harness(answers: (() => Promise<string | null>)[]) {
  let tick: () => void = () => {};
  const timers = { setInterval: vi.fn((fn: () => void, _ms: number) => (tick = fn)), clearInterval: vi.fn() };
  const fetchMarkup = vi.fn((_cacheBuster: string) => answers.shift()!().then(banner));
  const states: BannerState[] = [];
  let t = 1;
  const stop = startBannerLoader(
    config,
    fetchMarkup,
    (s) => states.push(s),
    timers,
    () => t++,
  );
  return { timers, fetchMarkup, states, stop, tick: () => tick() };
}

describe('startBannerLoader', () => {
  it('asks with a new cache-buster each time, and refreshes no sooner than every 30 s', async () => {
    const h = harness([async () => '<b>ad 1</b>', async () => '<b>ad 2</b>']);
    expect(h.fetchMarkup).toHaveBeenCalledWith('1');
    expect(h.timers.setInterval.mock.calls[0]![1]).toBe(30_000);
    await vi.waitFor(() => expect(h.states.at(-1)).toEqual({ kind: 'loaded', ...banner('<b>ad 1</b>') }));
    h.tick();
    expect(h.fetchMarkup).toHaveBeenLastCalledWith('2');
    await vi.waitFor(() => expect(h.states.at(-1)).toEqual({ kind: 'loaded', ...banner('<b>ad 2</b>') }));
  });

  it('a failed or empty answer is an error until a refresh succeeds', async () => {
    const h = harness([
      () => Promise.reject(new Error('offline')),
      async () => '  ',
      async () => null,
      async () => '<i>ok</i>',
    ]);
    await vi.waitFor(() => expect(h.states.at(-1)).toEqual({ kind: 'error' }));
    h.tick();
    await vi.waitFor(() => expect(h.fetchMarkup).toHaveBeenCalledTimes(2));
    await vi.waitFor(() => expect(h.states.at(-1)).toEqual({ kind: 'error' }));
    h.tick();
    await vi.waitFor(() => expect(h.fetchMarkup).toHaveBeenCalledTimes(3));
    await vi.waitFor(() => expect(h.states.at(-1)).toEqual({ kind: 'error' }));
    h.tick();
    await vi.waitFor(() => expect(h.states.at(-1)).toEqual({ kind: 'loaded', ...banner('<i>ok</i>') }));
  });

  it('stops refreshing and ignores late answers once stopped', async () => {
    let resolve: (s: string) => void = () => {};
    const h = harness([() => new Promise((r) => (resolve = r))]);
    h.stop();
    resolve('<b>late</b>');
    await Promise.resolve();
    expect(h.states).toEqual([{ kind: 'loading' }]);
    expect(h.timers.clearInterval).toHaveBeenCalled();
  });
});
