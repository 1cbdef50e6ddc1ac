import { describe, expect, it } from 'vitest';
import {
  discontinuitiesBefore,
  LIVE_WINDOW_SEGMENTS,
  liveWindow,
  occurrences,
  playAt,
  repeatingGuide,
  repeatingLiveWindow,
  SEGMENT_SECONDS,
  slotAt,
  toGrid,
  type ScheduleEntry,
} from './live-schedule';

const T0 = Date.UTC(2026, 10, 22, 0, 0, 0); // a slot boundary (multiple of 2 s)
const s = (seconds: number) => T0 + seconds * 1000;
const entry = (startS: number, stopS: number, assetId: string, assetDurationS: number): ScheduleEntry => ({
  startMs: s(startS),
  stopMs: s(stopS),
  assetId,
  assetDurationS,
});

/** Every discontinuity sequence number implied by one window, keyed by slot (HLS: a tag bumps it). */
function ccBySlot(w: NonNullable<ReturnType<typeof liveWindow>>) {
  const out = new Map<number, number>();
  let cc = w.discontinuitySequence;
  for (const seg of w.segments) {
    if (seg.discontinuity) cc += 1;
    out.set(seg.slot, cc);
  }
  return out;
}

describe('the slot grid', () => {
  it('uses fixed 2-s segments: slot k covers [2k, 2k + 2) seconds since the epoch', () => {
    expect(SEGMENT_SECONDS).toBe(2);
    expect(slotAt(0)).toBe(0);
    expect(slotAt(1999)).toBe(0);
    expect(slotAt(2000)).toBe(1);
    expect(slotAt(T0)).toBe(T0 / 2000);
  });

  it('plays the asset from the entry start and loops it within a long programme', () => {
    const grid = toGrid([entry(0, 60, 'a', 8)]); // 4 segments, 30 slots
    const k0 = slotAt(s(0));
    expect(playAt(grid, k0)).toMatchObject({ assetId: 'a', segmentIndex: 0, loop: 0 });
    expect(playAt(grid, k0 + 3)).toMatchObject({ segmentIndex: 3, loop: 0 });
    expect(playAt(grid, k0 + 4)).toMatchObject({ segmentIndex: 0, loop: 1 }); // (slotStart − start) mod 8 s
    expect(playAt(grid, k0 + 29)).toMatchObject({ segmentIndex: 1, loop: 7 });
    expect(playAt(grid, k0 + 30)).toBeNull(); // stop is exclusive
    expect(playAt(grid, k0 - 1)).toBeNull();
  });

  it('snaps an entry that starts off the grid up to the next slot and cuts overlaps at the next start', () => {
    const grid = toGrid([entry(11, 20, 'b', 4), entry(0.5, 14, 'a', 4)]);
    expect(grid.map((g) => [g.assetId, g.firstSlot - slotAt(T0), g.endSlot - slotAt(T0)])).toEqual([
      ['a', 1, 6], // ceil(0.5/2) = 1; cut at ceil(11/2) = 6
      ['b', 6, 10],
    ]);
  });

  it('drops entries that own no slot or whose asset has no whole segment', () => {
    expect(toGrid([entry(0.5, 1.5, 'a', 4), entry(10, 20, 'b', 1)])).toEqual([]);
  });
});

describe('liveWindow', () => {
  const schedule = [entry(0, 12, 'a', 4), entry(12, 30, 'b', 6), entry(40, 100, 'c', 10)];
  const grid = toGrid(schedule);
  const k = (sec: number) => slotAt(s(sec));

  it('lists the 6 segments (12 s) fully in the past, ending at now, with no partial segment', () => {
    const w = liveWindow(grid, s(25.9))!;
    expect(LIVE_WINDOW_SEGMENTS).toBe(6);
    expect(w.segments).toHaveLength(6);
    expect(w.segments.at(-1)!.slot).toBe(k(22)); // [22, 24) is done; [24, 26) is not
    expect(w.mediaSequence).toBe(k(12));
    expect(w.segments.map((x) => `${x.assetId}${x.segmentIndex}`)).toEqual([
      'b0',
      'b1',
      'b2',
      'b0',
      'b1',
      'b2',
    ]);
  });

  it('advances the media sequence by one every 2 s', () => {
    const seqs = [24, 26, 28].map((sec) => liveWindow(grid, s(sec))!.mediaSequence);
    expect(seqs).toEqual([k(12), k(14), k(16)]);
    expect(liveWindow(grid, s(27.99))!.mediaSequence).toBe(k(14));
  });

  it('tags each asset change and loop restart with a discontinuity', () => {
    const w = liveWindow(grid, s(24))!;
    expect(w.segments.map((x) => x.discontinuity)).toEqual([true, false, false, true, false, false]);
    const early = liveWindow(grid, s(10))!; // a0 a1 a0 a1 a0 (5 finished slots since the anchor)
    expect(early.segments.map((x) => `${x.assetId}${x.segmentIndex}`)).toEqual([
      'a0',
      'a1',
      'a0',
      'a1',
      'a0',
    ]);
    expect(early.segments[0]!.discontinuity).toBe(false); // the anchor itself is no discontinuity
    expect(early.segments.map((x) => x.discontinuity)).toEqual([false, false, true, false, true]);
    expect(early.discontinuitySequence).toBe(0);
  });

  it('counts discontinuities from the first entry so the sequence stays consistent as the window slides', () => {
    // Each slot must keep the same discontinuity sequence number in every window that lists it.
    const seen = new Map<number, number>();
    for (let ms = s(2); ms <= s(120); ms += 500) {
      const w = liveWindow(grid, ms);
      if (!w) continue;
      for (const [slot, cc] of ccBySlot(w)) {
        if (seen.has(slot)) expect(cc, `slot ${slot - k(0)} at ${(ms - T0) / 1000}s`).toBe(seen.get(slot));
        seen.set(slot, cc);
      }
    }
    // a: start, loop at 4 s, 8 s → 2 tags; b: start + loop at 18 s, 24 s → 3; c (after a gap): start + 5 loops.
    expect(seen.get(k(0))).toBe(0);
    expect(seen.get(k(12))).toBe(3);
    expect(seen.get(k(40))).toBe(6);
    expect(discontinuitiesBefore(grid, k(40))).toBe(5);
    expect(discontinuitiesBefore(grid, k(42))).toBe(6);
  });

  it('increments the discontinuity sequence exactly when a tagged segment slides out', () => {
    const before = liveWindow(grid, s(26))!; // first slot 14 (b1); the b0 tag at 12 has left
    const atTag = liveWindow(grid, s(24))!; // first slot 12 is the tagged b0
    expect(atTag.discontinuitySequence).toBe(2);
    expect(atTag.segments[0]!.discontinuity).toBe(true);
    expect(before.discontinuitySequence).toBe(3);
  });

  it('is off air (null) in a gap and starts a fresh window after it, dropping segments before the gap', () => {
    expect(liveWindow(grid, s(35))).toBeNull();
    expect(liveWindow(grid, s(40))).toBeNull(); // nothing finished yet in c
    const w = liveWindow(grid, s(46))!;
    expect(w.segments.map((x) => `${x.assetId}${x.segmentIndex}`)).toEqual(['c0', 'c1', 'c2']);
    expect(w.segments[0]!.discontinuity).toBe(true);
    expect(w.mediaSequence).toBe(k(40));
  });

  it('is off air before the first entry and after the last one', () => {
    expect(liveWindow(grid, s(0))).toBeNull();
    expect(liveWindow(grid, s(200))).toBeNull();
    expect(liveWindow([], s(10))).toBeNull();
  });
});

describe('a repeating guide (decision 0036)', () => {
  const HOUR_S = 3600;
  // One hour: a 10 s clip for 20 min, a 6 s clip for 30 min, then 10 min off air; a written entry
  // past the hour belongs to no cycle.
  const written = [
    entry(0, 1200, 'a', 10),
    entry(1200, 3000, 'b', 6),
    entry(HOUR_S, HOUR_S + 600, 'late', 10),
  ];
  const guide = repeatingGuide(written, HOUR_S * 1000)!;
  /** A window without the grid index of its entries (the two grids start at different cycles). */
  const withoutEntryIndex = (w: ReturnType<typeof liveWindow>) =>
    w && { ...w, segments: w.segments.map(({ entry: _entry, ...seg }) => seg) };
  /** The same guide written out cycle by cycle for four days. */
  const explicit = toGrid(occurrences(guide, s(0), s(96 * HOUR_S)));

  it('keeps the first cycle only, and repeats it from the anchor on', () => {
    expect(guide.cycle.map((e) => e.assetId)).toEqual(['a', 'b']);
    const later = occurrences(guide, s(72 * HOUR_S), s(73 * HOUR_S));
    expect(later.map((e) => [e.assetId, (e.startMs - T0) / 1000, e.cycle])).toEqual([
      ['a', 72 * HOUR_S, 72],
      ['b', 72 * HOUR_S + 1200, 72],
    ]);
    expect(occurrences(guide, s(-HOUR_S), s(-1))).toEqual([]);
  });

  it('plays, 3 days on, exactly what the written-out guide plays, across cycle boundaries and gaps', () => {
    for (const at of [
      72 * HOUR_S + 60,
      73 * HOUR_S - 1,
      73 * HOUR_S + 4,
      73 * HOUR_S + 13,
      73 * HOUR_S + 1300,
    ])
      expect(withoutEntryIndex(repeatingLiveWindow(guide, s(at)))).toEqual(
        withoutEntryIndex(liveWindow(explicit, s(at))),
      );
    // In the gap at the end of each cycle the channel is off air, as written.
    expect(repeatingLiveWindow(guide, s(72 * HOUR_S + 3300))).toBeNull();
    expect(repeatingLiveWindow(guide, s(-10))).toBeNull();
  });
});
