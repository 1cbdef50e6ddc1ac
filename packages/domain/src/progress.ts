// Watch time and progress rules (playback-and-social §4.8, §9).

/** "A video counts as watched once more than 5 s have been watched. Otherwise it counts as a skip." */
export const WATCHED_THRESHOLD_S = 5;
/** "Items flush when 5 have accumulated." */
export const PROGRESS_FLUSH_AT = 5;
/** "The retry helper waits 15000 ms first, then backs off 5000 ms until the result is accepted." */
export const PROGRESS_RETRY_DELAYS_MS = { first: 15_000, next: 5_000 } as const;

const FINISHED_UNDER_TOTAL_S = 120;
const FINISHED_UNDER_LEFT_S = 60;
const START_POSITION_MIN_LEFT_S = 15;
const EXIT_MESSAGE_BEFORE_END_S = 15;
const SHORT_FOR_EXIT_MESSAGE_S = 45;

/**
 * "An item is finished if it is a movie or video under 120 s total or under 60 s left." Episodes
 * follow the same rule, so the next unfinished episode is well defined (decision 0017).
 */
export function isFinished(positionS: number, durationS: number): boolean {
  return durationS < FINISHED_UNDER_TOTAL_S || durationS - positionS < FINISHED_UNDER_LEFT_S;
}

export function countsAsWatched(secondsWatched: number): boolean {
  return secondsWatched > WATCHED_THRESHOLD_S;
}

/** "A start position is sent only when more than 15 s remain": else playback starts at 0. */
export function startPosition(progressS: number, durationS: number): number {
  return durationS - progressS > START_POSITION_MIN_LEFT_S ? progressS : 0;
}

/**
 * Site flag altResumeStyle (D§1, decision 0056): with it, a viewer who has a saved position is asked
 * "Resume from m:ss?" (Resume / Start over) before playback instead of resuming silently. A link that
 * names a position (`?t=`, a Resume or Restart button) is not asked.
 */
export function asksToResume(o: {
  altResumeStyle: boolean;
  requested: number | null;
  start: number;
}): boolean {
  return o.altResumeStyle && o.requested === null && o.start > 0;
}

/** "An exit message appears 15 s before the end (at 0.9 of the length when the length is under 45 s)." */
export function exitMessageAt(durationS: number): number {
  return durationS < SHORT_FOR_EXIT_MESSAGE_S ? durationS * 0.9 : durationS - EXIT_MESSAGE_BEFORE_END_S;
}

/** "A reward event fires at 90% of the duration." */
export function rewardAt(durationS: number): number {
  return durationS * 0.9;
}

/** A viewer's saved position in one item, as the history lists it. */
export type SavedPosition = { progress: number; duration: number; finished: boolean };

/**
 * Where a title page's main button resumes: the saved position when the item is unfinished and a
 * start position may be sent (more than 15 s left), else null (Watch from the start).
 */
export function resumeAt(saved: SavedPosition | undefined): number | null {
  if (!saved || saved.finished) return null;
  const at = startPosition(saved.progress, saved.duration);
  return at > 0 ? at : null;
}
