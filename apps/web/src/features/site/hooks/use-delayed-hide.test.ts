// D§2.9 "The menu hides after a 250 ms delay": the left menu's hide, on fake timers.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LEFT_MENU_HIDE_DELAY_MS } from '../utils/menu';
import { scheduleDelayedHide } from './use-delayed-hide';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('left menu delayed hide', () => {
  it('hides 250 ms after it closes, not before', () => {
    expect(LEFT_MENU_HIDE_DELAY_MS).toBe(250);
    const setShown = vi.fn();
    scheduleDelayedHide(false, LEFT_MENU_HIDE_DELAY_MS, setShown);
    vi.advanceTimersByTime(249);
    expect(setShown).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(setShown).toHaveBeenCalledExactlyOnceWith(false);
  });

  it('shows at once on open, with nothing left to run', () => {
    const setShown = vi.fn();
    expect(scheduleDelayedHide(true, LEFT_MENU_HIDE_DELAY_MS, setShown)).toBeUndefined();
    expect(setShown).toHaveBeenCalledExactlyOnceWith(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a reopen within the delay cancels the hide', () => {
    const setShown = vi.fn();
    const cancel = scheduleDelayedHide(false, LEFT_MENU_HIDE_DELAY_MS, setShown);
    vi.advanceTimersByTime(100);
    cancel?.();
    vi.advanceTimersByTime(1000);
    expect(setShown).not.toHaveBeenCalled();
  });
});
