import { describe, expect, it } from 'vitest';
import {
  perHourWatched,
  rebufferingRatio,
  STARTUP_BUCKETS_MS,
  startupBucket,
  startupMedianMs,
} from './playback-quality';

describe('playback quality figures (decision 0083)', () => {
  it('puts a startup in the bucket of its upper bound, past 10 s in the open one', () => {
    expect(startupBucket(0)).toBe(0);
    expect(startupBucket(250)).toBe(0);
    expect(startupBucket(251)).toBe(1);
    expect(startupBucket(10_000)).toBe(STARTUP_BUCKETS_MS.length - 1);
    expect(startupBucket(10_001)).toBe(STARTUP_BUCKETS_MS.length);
  });

  it('estimates the median inside the bucket holding the middle session', () => {
    const counts = new Array<number>(STARTUP_BUCKETS_MS.length + 1).fill(0);
    expect(startupMedianMs(counts)).toBeNull();
    // 4 sessions in 250–500: the middle (2 of 4) is halfway through that bucket.
    counts[1] = 4;
    expect(startupMedianMs(counts)).toBe(375);
    // 2 more in 0–250: the middle (3 of 6) is a quarter into the 250–500 bucket.
    counts[0] = 2;
    expect(startupMedianMs(counts)).toBe(313);
    const open = new Array<number>(STARTUP_BUCKETS_MS.length + 1).fill(0);
    open[STARTUP_BUCKETS_MS.length] = 3;
    expect(startupMedianMs(open)).toBe(10_000);
  });

  it('rebuffering ratio is stalled over watched plus stalled; rates are per hour watched', () => {
    expect(rebufferingRatio(0, 0)).toBe(0);
    expect(rebufferingRatio(9000, 1000)).toBe(0.1);
    expect(perHourWatched(3, 0)).toBeNull();
    expect(perHourWatched(3, 1800_000)).toBe(6);
  });
});
