// D§2.2 / D§9 "The carousel advances every 5000 ms": the clock the featured carousel runs, on fake timers.
import { CAROUSEL_INTERVAL_MS, nextSlide } from '@marquee/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startCarouselRotation } from './carousel-rotation';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('carousel rotation', () => {
  it('advances every 5000 ms, not before', () => {
    expect(CAROUSEL_INTERVAL_MS).toBe(5000);
    const advance = vi.fn();
    const stop = startCarouselRotation(advance);
    vi.advanceTimersByTime(4999);
    expect(advance).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(advance).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    expect(advance).toHaveBeenCalledTimes(3);
    stop();
  });

  it('walks the slides and wraps to the first (three slides, 15 s)', () => {
    let index = 0;
    const stop = startCarouselRotation(() => {
      index = nextSlide(index, 3);
    });
    const seen: number[] = [];
    for (let s = 0; s < 3; s += 1) {
      vi.advanceTimersByTime(5000);
      seen.push(index);
    }
    expect(seen).toEqual([1, 2, 0]);
    stop();
  });

  it('stops when held (the stop it returns)', () => {
    const advance = vi.fn();
    const stop = startCarouselRotation(advance);
    vi.advanceTimersByTime(5000);
    stop();
    vi.advanceTimersByTime(20_000);
    expect(advance).toHaveBeenCalledTimes(1);
  });
});
