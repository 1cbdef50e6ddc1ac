import { describe, expect, it, vi } from 'vitest';
import { AD_BLOCKER_POLL_MS } from '@marquee/domain';
import { isAdBlocked, pollUntilUnblocked } from './ad-blocker';

// The ad-blocker gate (playback-and-social §4.3): "A detected blocker opens the modal … The page
// polls every second and reloads once the blocker is gone."
const answer = (ok: boolean, body: string) => async (_url: string, _init: object) => ({
  ok,
  text: async () => body,
});

describe('isAdBlocked', () => {
  it('is false when the bait loads with its marker', async () => {
    const fetchFn = vi.fn(answer(true, 'window.__marqueeAdBait = true;'));
    expect(await isAdBlocked(fetchFn)).toBe(false);
    expect(fetchFn.mock.calls[0]![0]).toMatch(/^\/ads\/prebid-ads\.js\?cb=\d+$/);
  });

  it('is true when the request fails, is refused or comes back emptied', async () => {
    expect(await isAdBlocked(async () => Promise.reject(new TypeError('Failed to fetch')))).toBe(true);
    expect(await isAdBlocked(answer(false, ''))).toBe(true);
    expect(await isAdBlocked(answer(true, '/* noop */'))).toBe(true);
  });
});

describe('pollUntilUnblocked', () => {
  it('checks every second and calls onGone once, when the bait loads', async () => {
    let tick: () => void = () => {};
    const timers = {
      setInterval: vi.fn((fn: () => void, _ms: number) => (tick = fn)),
      clearInterval: vi.fn(),
    };
    const results = [true, true, false];
    const check = vi.fn(async () => results.shift() ?? false);
    const onGone = vi.fn();
    pollUntilUnblocked(check, onGone, timers);
    expect(timers.setInterval.mock.calls[0]![1]).toBe(AD_BLOCKER_POLL_MS);
    for (let i = 0; i < 3; i++) {
      tick();
      await vi.waitFor(() => expect(check).toHaveBeenCalledTimes(i + 1));
      await Promise.resolve();
    }
    await vi.waitFor(() => expect(onGone).toHaveBeenCalledTimes(1));
    expect(timers.clearInterval).toHaveBeenCalled();
    tick();
    expect(check).toHaveBeenCalledTimes(3);
  });

  it('stops on demand', () => {
    const timers = { setInterval: vi.fn(() => 7), clearInterval: vi.fn() };
    const stop = pollUntilUnblocked(
      async () => true,
      () => {},
      timers,
    );
    stop();
    expect(timers.clearInterval).toHaveBeenCalledWith(7);
  });
});
