/**
 * Playback quality that the players report (decision 0083): one report per playback session,
 * carrying the session's running totals, and the figures an operator reads per title and day.
 */

/** What played the stream: the element itself (native HLS or a file), hls.js, or a provider's player. */
export const PLAYBACK_ENGINES = ['native', 'hls.js', 'provider'] as const;
export type PlaybackEngine = (typeof PLAYBACK_ENGINES)[number];

/** A player sends its running totals this often while it plays, besides at the end and on leaving. */
export const QUALITY_REPORT_INTERVAL_MS = 60_000;

/** The bounds a report is checked against: past these a figure is a client bug, not a measurement. */
export const QUALITY_LIMITS = {
  /** Play intent to first frame: ten minutes is no start at all. */
  startupMs: 10 * 60_000,
  /** Watched or stalled time of one session: a day. */
  sessionMs: 24 * 3600_000,
  /** Stalls and rendition switches of one session. */
  count: 100_000,
  /** Bits per second of a rendition (a gigabit is far above any ladder). */
  bitrate: 1_000_000_000,
  /** Reports of one session (one a minute for a day is 1,440). */
  seq: 100_000,
} as const;

/**
 * The startup histogram's buckets, by their upper bound in ms (a startup of exactly 500 ms is in
 * the `500` bucket); the last bucket, past 10 s, is open.
 */
export const STARTUP_BUCKETS_MS = [250, 500, 750, 1000, 1500, 2000, 3000, 5000, 10_000] as const;

/** The index of the startup bucket `ms` falls in (0 … STARTUP_BUCKETS_MS.length, the open one). */
export function startupBucket(ms: number): number {
  const i = STARTUP_BUCKETS_MS.findIndex((upTo) => ms <= upTo);
  return i === -1 ? STARTUP_BUCKETS_MS.length : i;
}

/**
 * The median startup estimated from the histogram's counts (one per bucket, the open one last):
 * linear within the bucket holding the middle session; the open bucket answers its lower bound.
 * Null without sessions.
 */
export function startupMedianMs(counts: readonly number[]): number | null {
  const total = counts.reduce((a, b) => a + b, 0);
  if (total === 0) return null;
  const middle = total / 2;
  let below = 0;
  for (let i = 0; i < counts.length; i++) {
    const n = counts[i] ?? 0;
    if (n > 0 && below + n >= middle) {
      const low = i === 0 ? 0 : STARTUP_BUCKETS_MS[i - 1]!;
      const high = STARTUP_BUCKETS_MS[i];
      if (high === undefined) return low;
      return Math.round(low + ((high - low) * (middle - below)) / n);
    }
    below += n;
  }
  return STARTUP_BUCKETS_MS[STARTUP_BUCKETS_MS.length - 1]!;
}

/** Rebuffering ratio: stalled / (watched + stalled), 0 when nothing was watched. */
export function rebufferingRatio(watchedMs: number, stalledMs: number): number {
  const total = watchedMs + stalledMs;
  return total > 0 ? stalledMs / total : 0;
}

/** A count per hour watched; null when nothing was watched (no rate to speak of). */
export function perHourWatched(count: number, watchedMs: number): number | null {
  return watchedMs > 0 ? (count * 3600_000) / watchedMs : null;
}
