// A§6 hybridAvodSvod: on a hybrid site each ad start shows the hybrid paywall banner for 10 s; a
// site without the flag never shows it. Fake timers.
import { HYBRID_PAYWALL_BANNER_MS } from '@marquee/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHybridBanner } from './hybrid-banner';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('hybrid paywall banner', () => {
  it('on a hybridAvodSvod site: shows on ad start and hides 10 s later', () => {
    expect(HYBRID_PAYWALL_BANNER_MS).toBe(10_000);
    const setShown = vi.fn();
    createHybridBanner(true, setShown).adStart();
    expect(setShown.mock.calls).toEqual([[true]]);
    vi.advanceTimersByTime(9_999);
    expect(setShown.mock.calls).toEqual([[true]]);
    vi.advanceTimersByTime(1);
    expect(setShown.mock.calls).toEqual([[true], [false]]);
  });

  it('a second ad start counts the 10 s again', () => {
    const setShown = vi.fn();
    const banner = createHybridBanner(true, setShown);
    banner.adStart();
    vi.advanceTimersByTime(6_000);
    banner.adStart();
    vi.advanceTimersByTime(6_000);
    expect(setShown).not.toHaveBeenCalledWith(false);
    vi.advanceTimersByTime(4_000);
    expect(setShown).toHaveBeenLastCalledWith(false);
  });

  it('without the flag: never shows', () => {
    const setShown = vi.fn();
    createHybridBanner(false, setShown).adStart();
    vi.advanceTimersByTime(20_000);
    expect(setShown).not.toHaveBeenCalled();
  });

  it('the screen going away stops the clock', () => {
    const setShown = vi.fn();
    const banner = createHybridBanner(true, setShown);
    banner.adStart();
    banner.dispose();
    vi.advanceTimersByTime(20_000);
    expect(setShown.mock.calls).toEqual([[true]]);
  });
});
