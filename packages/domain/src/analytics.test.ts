import { describe, expect, it } from 'vitest';
import {
  ANALYTICS_CURRENCY,
  ANALYTICS_KINDS,
  LIVE_CHANNEL_EVENT_TYPES,
  reachedEightyPercent,
  VIDEO_EVENT_TYPES,
  watchedStep,
} from './analytics';

describe('analytics (discovery-and-site §7, playback-and-social §9)', () => {
  it('names the spec\'s kinds and types: "video … watch … liveChannel … liveChannelWatch … page … share … smartBanner"', () => {
    expect(ANALYTICS_KINDS).toEqual([
      'video',
      'watch',
      'liveChannel',
      'liveChannelWatch',
      'page',
      'share',
      'smartBanner',
    ]);
    // The spec's five, and the §4.8 reward at 90 % (decision 0021).
    expect(VIDEO_EVENT_TYPES).toEqual(['adImpression', 'adLoad', 'eightyPercent', 'reward', 'end', 'skip']);
    expect(LIVE_CHANNEL_EVENT_TYPES).toEqual(['skip', 'view']);
  });

  it('"Analytics currency USD"', () => {
    expect(ANALYTICS_CURRENCY).toBe('USD');
  });

  it('fires eightyPercent at 80 % of a known duration', () => {
    expect(reachedEightyPercent(79.9, 100)).toBe(false);
    expect(reachedEightyPercent(80, 100)).toBe(true);
    expect(reachedEightyPercent(10, 0)).toBe(false);
    expect(reachedEightyPercent(10, Number.NaN)).toBe(false);
    expect(reachedEightyPercent(10, Number.POSITIVE_INFINITY)).toBe(false); // live
  });

  it('counts forward playback steps as watched, not seeks', () => {
    expect(watchedStep(10, 10.25)).toBeCloseTo(0.25);
    expect(watchedStep(10, 12)).toBe(2);
    expect(watchedStep(10, 40)).toBe(0); // seek forward
    expect(watchedStep(40, 10)).toBe(0); // seek back
  });
});
