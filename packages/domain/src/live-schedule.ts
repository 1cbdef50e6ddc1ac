/**
 * Linear live channels (ARCHITECTURE.md, "Live channels are linear"): a sliding-window live playlist
 * built from VOD segments on the wall-clock schedule of the channel's EPG, with no encoder.
 *
 * Time is cut into fixed slots of SEGMENT_SECONDS: slot k covers [k·2, k·2 + 2) seconds since the
 * Unix epoch, and its #EXT-X-MEDIA-SEQUENCE number is k, so the sequence advances by one every 2 s.
 * An EPG entry is snapped to the grid: it owns slots [ceil(start/2), ceil(stop/2)). Within an
 * entry the asset loops: local slot i plays segment i mod n of the asset (n = its segment count).
 * Each entry start (after the channel's first) and each loop restart is a discontinuity; the
 * discontinuity sequence counts them from the channel's first entry, so it stays consistent as
 * the window slides.
 */

/** Seconds since the Unix epoch, or a duration in seconds. */
type Seconds = number;
/** Milliseconds since the Unix epoch. */
type Milliseconds = number;

/** Every VOD segment is exactly this long (media_assets.segment_seconds). */
export const SEGMENT_SECONDS: Seconds = 2;
/** Segments in a live window: 6 × 2 s = 12 s, ending at now. */
export const LIVE_WINDOW_SEGMENTS = 6;

export type ScheduleEntry = {
  startMs: Milliseconds;
  stopMs: Milliseconds;
  assetId: string;
  /** Whole-asset duration; a multiple of SEGMENT_SECONDS. */
  assetDurationS: Seconds;
};

/** An entry on the slot grid: it owns slots [firstSlot, endSlot) and its asset has `segments` segments. */
export type GridEntry = { firstSlot: number; endSlot: number; assetId: string; segments: number };

export type SlotPlay = {
  slot: number;
  assetId: string;
  /** Index of the asset's segment (seg_%05d.ts). */
  segmentIndex: number;
  /** Index into the grid entries. */
  entry: number;
  /** How many times the asset has looped within the entry before this slot. */
  loop: number;
};

export type LiveSegment = SlotPlay & {
  /** A discontinuity tag precedes this segment. */
  discontinuity: boolean;
  startMs: Milliseconds;
};

export type LiveWindow = {
  mediaSequence: number;
  discontinuitySequence: number;
  segments: LiveSegment[];
};

/** The slot that contains this instant. */
export function slotAt(ms: Milliseconds): number {
  return Math.floor(ms / (SEGMENT_SECONDS * 1000));
}

/** The first slot starting at or after this instant (an entry's start snaps up to the grid). */
export function slotCeil(ms: Milliseconds): number {
  return Math.ceil(ms / (SEGMENT_SECONDS * 1000));
}

/**
 * Puts entries on the slot grid, sorted by start. An entry that overlaps the next one is cut at
 * the next one's start; entries that own no slot, or whose asset has no segment, are dropped.
 */
export function toGrid(entries: readonly ScheduleEntry[]): GridEntry[] {
  const sorted = [...entries].sort((a, b) => a.startMs - b.startMs);
  const grid: GridEntry[] = [];
  sorted.forEach((e, i) => {
    const next = sorted[i + 1];
    const firstSlot = slotCeil(e.startMs);
    const endSlot = Math.min(slotCeil(e.stopMs), next ? slotCeil(next.startMs) : Infinity);
    const segments = Math.floor(e.assetDurationS / SEGMENT_SECONDS);
    if (endSlot > firstSlot && segments > 0) grid.push({ firstSlot, endSlot, assetId: e.assetId, segments });
  });
  return grid;
}

/** Index of the grid entry owning the slot, or -1 when the channel is off air then. */
export function entryIndexAt(grid: readonly GridEntry[], slot: number): number {
  let lo = 0;
  let hi = grid.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const e = grid[mid]!;
    if (slot < e.firstSlot) hi = mid - 1;
    else if (slot >= e.endSlot) lo = mid + 1;
    else return mid;
  }
  return -1;
}

/** What plays in a slot: the asset and segment, or null when off air. */
export function playAt(grid: readonly GridEntry[], slot: number): SlotPlay | null {
  const entry = entryIndexAt(grid, slot);
  if (entry < 0) return null;
  const e = grid[entry]!;
  const local = slot - e.firstSlot;
  return {
    slot,
    assetId: e.assetId,
    segmentIndex: local % e.segments,
    entry,
    loop: Math.floor(local / e.segments),
  };
}

/** True when a discontinuity tag precedes this slot: an entry start or a loop restart, except the channel's first slot. */
export function isDiscontinuity(grid: readonly GridEntry[], play: SlotPlay): boolean {
  return play.segmentIndex === 0 && play.slot !== grid[0]?.firstSlot;
}

/**
 * Discontinuities at slots strictly between the anchor (the first entry's first slot) and `slot`.
 * For each entry: its start (unless it is the anchor) plus each loop restart, counted in O(entries).
 */
export function discontinuitiesBefore(grid: readonly GridEntry[], slot: number): number {
  let count = 0;
  grid.forEach((e, i) => {
    const end = Math.min(e.endSlot, slot);
    if (end <= e.firstSlot) return;
    if (i > 0) count += 1;
    count += Math.ceil((end - e.firstSlot) / e.segments) - 1;
  });
  return count;
}

/**
 * The live window ending at `nowMs`: up to `size` slots fully in the past, on air and contiguous
 * (segments before a gap are dropped, since the channel went off air in between). Null when the
 * last finished slot is off air.
 */
export function liveWindow(
  grid: readonly GridEntry[],
  nowMs: Milliseconds,
  size = LIVE_WINDOW_SEGMENTS,
): LiveWindow | null {
  const last = slotAt(nowMs) - 1;
  const plays: SlotPlay[] = [];
  for (let slot = last; slot > last - size; slot--) {
    const play = playAt(grid, slot);
    if (!play) break;
    plays.unshift(play);
  }
  const first = plays[0];
  if (!first) return null;
  return {
    mediaSequence: first.slot,
    discontinuitySequence: discontinuitiesBefore(grid, first.slot),
    segments: plays.map((p) => ({
      ...p,
      discontinuity: isDiscontinuity(grid, p),
      startMs: p.slot * SEGMENT_SECONDS * 1000,
    })),
  };
}

/**
 * A repeating guide (decision 0036): the entries inside its first cycle [anchor, anchor + period),
 * where the anchor is the earliest start, air again every period. Cycle k of an instant is
 * floor((ms − anchor) / period); before the anchor nothing airs.
 */
export type RepeatingGuide<E extends { startMs: Milliseconds; stopMs: Milliseconds }> = {
  anchorMs: Milliseconds;
  periodMs: Milliseconds;
  /** The first cycle's entries, clipped to it, by start. */
  cycle: E[];
};

export function repeatingGuide<E extends { startMs: Milliseconds; stopMs: Milliseconds }>(
  entries: readonly E[],
  periodMs: Milliseconds,
): RepeatingGuide<E> | null {
  if (entries.length === 0 || !(periodMs > 0)) return null;
  const anchorMs = Math.min(...entries.map((e) => e.startMs));
  const end = anchorMs + periodMs;
  const cycle = entries
    .filter((e) => e.startMs < end)
    .map((e) => ({ ...e, stopMs: Math.min(e.stopMs, end) }))
    .sort((a, b) => a.startMs - b.startMs);
  return { anchorMs, periodMs, cycle };
}

/** The cycle holding an instant (negative before the anchor). */
export const cycleAt = (g: RepeatingGuide<ScheduleEntry>, ms: Milliseconds): number =>
  Math.floor((ms - g.anchorMs) / g.periodMs);

/** The occurrences of the guide's entries overlapping [fromMs, toMs), each with its cycle. */
export function occurrences<E extends { startMs: Milliseconds; stopMs: Milliseconds }>(
  g: RepeatingGuide<E>,
  fromMs: Milliseconds,
  toMs: Milliseconds,
): (E & { cycle: number })[] {
  const out: (E & { cycle: number })[] = [];
  const first = Math.max(0, Math.floor((fromMs - g.anchorMs) / g.periodMs));
  const last = Math.floor((toMs - g.anchorMs) / g.periodMs);
  for (let k = first; k <= last; k++)
    for (const e of g.cycle) {
      const startMs = e.startMs + k * g.periodMs;
      const stopMs = e.stopMs + k * g.periodMs;
      if (startMs < toMs && stopMs > fromMs) out.push({ ...e, startMs, stopMs, cycle: k });
    }
  return out;
}

/**
 * The live window of a repeating guide at `nowMs`. The grid is built from the cycle before the
 * window's through the one after it, and the discontinuity sequence adds every discontinuity of
 * the cycles before that (the same count per cycle, its first entry's start included), so
 * successive playlists agree across cycle boundaries, forever.
 */
export function repeatingLiveWindow(
  g: RepeatingGuide<ScheduleEntry>,
  nowMs: Milliseconds,
  size = LIVE_WINDOW_SEGMENTS,
): LiveWindow | null {
  const windowStart = (slotAt(nowMs) - size) * SEGMENT_SECONDS * 1000;
  const firstCycle = Math.max(0, cycleAt(g, windowStart) - 1);
  const span = (k: number) => g.anchorMs + k * g.periodMs;
  const grid = toGrid(occurrences(g, span(firstCycle), span(firstCycle + 3)));
  const window = liveWindow(grid, nowMs, size);
  if (!window || firstCycle === 0) return window;
  const perCycle = discontinuitiesBefore(toGrid(g.cycle), Infinity) + 1;
  return { ...window, discontinuitySequence: window.discontinuitySequence + firstCycle * perCycle };
}
