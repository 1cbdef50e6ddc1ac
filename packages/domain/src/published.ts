/**
 * How a title's publish time reads (discovery-and-site §9, playback-and-social §9): "3 days ago"
 * by default, the exact date on sites with the exactPublishedDate flag. Pure; the web formats it.
 */
export type PublishedLabel =
  { kind: 'exact'; at: number } | { kind: 'ago'; count: number; unit: TimeAgoUnit } | { kind: 'none' };

export type TimeAgoUnit = 'second' | 'minute' | 'hour' | 'day' | 'month' | 'year';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Largest unit first: the first whose size fits the elapsed time names it. */
const UNITS: [TimeAgoUnit, number][] = [
  ['year', 365 * DAY],
  ['month', 30 * DAY],
  ['day', DAY],
  ['hour', HOUR],
  ['minute', MINUTE],
];

export function publishedLabel(
  publishedDate: string,
  now: number,
  exactPublishedDate: boolean,
): PublishedLabel {
  const at = Date.parse(publishedDate);
  if (!publishedDate || !Number.isFinite(at)) return { kind: 'none' };
  if (exactPublishedDate) return { kind: 'exact', at };
  // A time a little in the future (clock skew, scheduled premieres) reads as just now.
  const elapsed = Math.max(0, now - at);
  for (const [unit, size] of UNITS)
    if (elapsed >= size) return { kind: 'ago', count: Math.floor(elapsed / size), unit };
  return { kind: 'ago', count: Math.floor(elapsed / SECOND), unit: 'second' };
}
