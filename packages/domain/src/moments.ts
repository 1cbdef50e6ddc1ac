/**
 * Moments: viewers' timed comments on a video (discovery-and-site §3 Moment, §5, §6, §7, §8, §9;
 * playback-and-social §2.3 Comments tab, §5 time input). Decision 0048.
 */

/** "Moments buffer 400": the Comments tab loads the moments of the next 400 s of the video. */
export const MOMENTS_BUFFER_S = 400;
/** "5 per group": moments at one time show five, then "more". */
export const MOMENTS_PER_GROUP = 5;
/** "page +10": each "more" shows ten more. */
export const MOMENTS_PAGE = 10;
/** A tag is one short line (ours: the spec only says it is required). */
export const MOMENT_TAG_MAX = 140;

/** §8: the login rule's message, and the success toast. */
export const MOMENT_LOGIN_MESSAGE = 'You must be logged in to add comment';
export const momentAddedMessage = (time: string) => `Comment successfully added at ${time}`;

/** The time input's invalid value (§5). */
export const INVALID_TIME = -1;

/**
 * "Time input accepts a number or h:m:s with up to 3 parts, else the invalid value -1" (§5):
 * `75`, `1:15` and `0:01:15` are all 75 s. Parts after the first must be under 60.
 */
export function parseTimeInput(input: string): number {
  const text = input.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text);
  const parts = text.split(':');
  if (parts.length < 2 || parts.length > 3 || !parts.every((p) => /^\d+$/.test(p))) return INVALID_TIME;
  const numbers = parts.map(Number);
  if (numbers.slice(1).some((n) => n >= 60)) return INVALID_TIME;
  return numbers.reduce((total, n) => total * 60 + n, 0);
}

/** Seconds as h:mm:ss, or m:ss under an hour (the time shown for a moment). */
export function formatTimeInput(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** What is wrong with a moment, naming the field (§5: "time within 0 and the video duration; tag text required"). */
export function momentProblem(
  timemarker: number,
  tag: string,
  durationSeconds: number,
): { field: 'timemarker' | 'tag'; message: string } | undefined {
  if (!Number.isFinite(timemarker) || timemarker < 0)
    return { field: 'timemarker', message: 'The time must be a number of seconds or h:m:s' };
  if (durationSeconds > 0 && timemarker > durationSeconds)
    return { field: 'timemarker', message: 'The time must be within the video' };
  if (tag.trim() === '') return { field: 'tag', message: 'Write a comment' };
  if (tag.trim().length > MOMENT_TAG_MAX)
    return { field: 'tag', message: `A comment is at most ${MOMENT_TAG_MAX} characters` };
  return undefined;
}

/** Moments grouped by their whole second, in time order, as the Comments tab shows them. */
export function groupMoments<M extends { timemarker: number }>(
  moments: readonly M[],
): { at: number; items: M[] }[] {
  const groups = new Map<number, M[]>();
  for (const m of [...moments].sort((a, b) => a.timemarker - b.timemarker)) {
    const at = Math.floor(m.timemarker);
    groups.set(at, [...(groups.get(at) ?? []), m]);
  }
  return [...groups].map(([at, items]) => ({ at, items }));
}
