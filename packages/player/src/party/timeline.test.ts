import type { PartyTimeline } from '@marquee/contract';
import { describe, expect, it } from 'vitest';
import { isNewer, positionAt, timelineAt } from './timeline';

const t = (seq: number, at: number, position = 0, playing = true): PartyTimeline => ({
  seq,
  at,
  position,
  playing,
});

describe('timelineAt: late, early and out-of-order messages', () => {
  it('nothing is in force before the first timeline starts', () => {
    expect(timelineAt([t(1, 5_000)], 4_999)).toBeNull();
    expect(timelineAt([], 4_999)).toBeNull();
  });

  it('a newer action scheduled for later is not in force yet; the one before it is', () => {
    const known = [t(2, 9_000, 50, false), t(1, 1_000, 10)];
    expect(timelineAt(known, 8_999)).toBe(known[1]);
    expect(timelineAt(known, 9_000)).toBe(known[0]);
  });

  it('an older action received last does not win, whatever its time', () => {
    const known = [t(5, 1_000), t(4, 2_000)];
    expect(timelineAt(known, 3_000)!.seq).toBe(5);
  });

  it('of two reports of one action, the later one wins', () => {
    expect(isNewer(t(3, 2_000), t(3, 1_000))).toBe(true);
    expect(isNewer(t(3, 1_000), t(3, 1_000))).toBe(false);
    expect(isNewer(t(2, 9_000), t(3, 1_000))).toBe(false);
  });
});

describe('positionAt', () => {
  it('plays on at rate 1 from its anchor, and stands still when paused', () => {
    expect(positionAt(t(1, 1_000, 10), 3_500)).toBe(12.5);
    expect(positionAt(t(1, 1_000, 10, false), 3_500)).toBe(10);
  });

  it('never runs backwards before its anchor', () => {
    expect(positionAt(t(1, 1_000, 10), 500)).toBe(10);
  });
});
