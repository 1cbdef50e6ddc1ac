import { describe, expect, it } from 'vitest';
import {
  isDesynced,
  nextMismatchCount,
  PARTY_DESYNC_MESSAGE,
  PARTY_PROGRESS_INTERVAL_MS,
  PARTY_SYNC_TOLERANCE_S,
} from './watch-party';

describe('watch party sync rules (playback-and-social §4.9, §9)', () => {
  it('"Progress is signalled every 3 s. Sync tolerance is 5 s." and the bot message', () => {
    expect(PARTY_PROGRESS_INTERVAL_MS).toBe(3000);
    expect(PARTY_SYNC_TOLERANCE_S).toBe(5);
    expect(PARTY_DESYNC_MESSAGE).toBe('You have lost sync with the host.');
  });

  it('a drift of exactly 5 s is within tolerance; more is a mismatch, ahead or behind', () => {
    expect(nextMismatchCount(2, 5)).toBe(0);
    expect(nextMismatchCount(2, -5)).toBe(0);
    expect(nextMismatchCount(2, 5.01)).toBe(3);
    expect(nextMismatchCount(2, -5.01)).toBe(3);
  });

  it('"after more than 5 position mismatches": desynchronised at the 6th, not the 5th', () => {
    let count = 0;
    for (let i = 0; i < 5; i++) count = nextMismatchCount(count, 9);
    expect(isDesynced(count)).toBe(false);
    count = nextMismatchCount(count, 9);
    expect(isDesynced(count)).toBe(true);
  });

  it('a check within tolerance resets the run', () => {
    let count = 0;
    for (let i = 0; i < 5; i++) count = nextMismatchCount(count, 9);
    count = nextMismatchCount(count, 0.2);
    count = nextMismatchCount(count, 9);
    expect(count).toBe(1);
    expect(isDesynced(count)).toBe(false);
  });
});
