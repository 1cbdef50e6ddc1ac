// The activity check (playback-and-social §2.3 "activity check"; the rule and its periods are ours,
// decision 0061). A live stream never ends and cannot usefully pause (it would fall behind live), so
// the still-watching prompt (§4.4, which pauses a video and waits) is for videos, and live streams
// get this check instead: the stream keeps playing while it asks, and stops only if nobody answers.
import { ms, type Milliseconds } from './units';

/** Input-free time, while a live stream plays, after which the check asks. */
export const ACTIVITY_CHECK_IDLE_MS = ms(90 * 60 * 1000);
/** How long the question waits for an answer before the stream stops. */
export const ACTIVITY_CHECK_ANSWER_MS = ms(60 * 1000);

export type ActivityCheck =
  | { phase: 'watching' }
  /** The question is up; the stream stops in `secondsLeft` (whole seconds, at least 1). */
  | { phase: 'asking'; secondsLeft: number }
  /** Nobody answered: the stream is stopped until the viewer resumes it. */
  | { phase: 'stopped' };

/**
 * Where the check stands at `now`, given the viewer's last input (the caller stops recording input
 * once the question is up: only its button answers it).
 */
export function activityCheck(s: { now: Milliseconds; lastInputAt: Milliseconds }): ActivityCheck {
  const idle = s.now - s.lastInputAt;
  if (idle < ACTIVITY_CHECK_IDLE_MS) return { phase: 'watching' };
  const left = ACTIVITY_CHECK_IDLE_MS + ACTIVITY_CHECK_ANSWER_MS - idle;
  if (left > 0) return { phase: 'asking', secondsLeft: Math.ceil(left / 1000) };
  return { phase: 'stopped' };
}
