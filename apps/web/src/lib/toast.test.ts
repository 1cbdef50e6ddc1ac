import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, getToasts, showToast } from './toast';

describe('site toasts (§9: 5 s, 300 ms show and hide, no duplicates)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    for (const t of getToasts()) dismissToast(t.id);
    vi.runAllTimers();
    vi.useRealTimers();
  });

  it('shows a toast for 5 s, then fades for 300 ms and goes', () => {
    showToast('Network offline', 'error');
    expect(getToasts().map((t) => t.message)).toEqual(['Network offline']);
    vi.advanceTimersByTime(4999);
    expect(getToasts()[0]?.leaving).toBe(false);
    vi.advanceTimersByTime(1);
    expect(getToasts()[0]?.leaving).toBe(true);
    vi.advanceTimersByTime(300);
    expect(getToasts()).toEqual([]);
  });

  it('never shows the same message twice; a repeat restarts its timer', () => {
    const a = showToast('Error playing episode. Loading next episode...', 'error');
    vi.advanceTimersByTime(4000);
    const b = showToast('Error playing episode. Loading next episode...', 'error');
    expect(b).toBe(a);
    expect(getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(4000);
    expect(getToasts()[0]?.leaving).toBe(false);
    vi.advanceTimersByTime(1300);
    expect(getToasts()).toEqual([]);
  });

  it('takes a shorter duration (Link copied: 750 ms)', () => {
    showToast('Link copied', 'success', 750);
    vi.advanceTimersByTime(750 + 300);
    expect(getToasts()).toEqual([]);
  });
});
