/**
 * Live-event rules (discovery-and-site §2.6, playback-and-social §5): "Each event has a state: ended
 * (flag set, or link-type event past its end), live (not ended and start already passed), future.
 * [...] Ended and unlisted events are hidden. The listing keeps only accessType public, or requires
 * login with status public or pending. A date of 9999-12-31 shows 'Not Started'."
 */
export type LiveEventState = 'ended' | 'live' | 'future';

/** The placeholder date of an event whose start is not known yet. */
export const NOT_STARTED_DATE = '9999-12-31';
/** The access types and statuses a live-event listing keeps. */
export const LISTED_LIVE_EVENT_ACCESS = ['public', 'requiresLogin'] as const;
export const LISTED_LIVE_EVENT_STATUS = ['public', 'pending'] as const;
/** How often clients refresh the state, and the countdown (§9). */
export const LIVE_STATE_REFRESH_MS = 5_000;
export const COUNTDOWN_REFRESH_MS = 60_000;

export type LiveEventTiming = {
  /** ISO-8601 start. */
  start: string;
  /** ISO-8601 end, when known. */
  end: string | null;
  ended: boolean;
  /** 'link' for an external link event, anything else for a streamed one. */
  type: string;
};

/** True when the start is the 9999-12-31 placeholder: the event shows 'Not Started'. */
export function isNotStarted(start: string): boolean {
  return start.startsWith(NOT_STARTED_DATE);
}

/** ended, live or future at `now`. */
export function liveEventState(event: LiveEventTiming, now: Date): LiveEventState {
  const t = now.getTime();
  if (event.ended) return 'ended';
  if (event.type === 'link' && event.end && Date.parse(event.end) <= t) return 'ended';
  if (!isNotStarted(event.start) && Date.parse(event.start) <= t) return 'live';
  return 'future';
}

/** Whether an event with this access type and status may appear in a listing (before the ended check). */
export function isListedLiveEvent(accessType: string, status: string): boolean {
  return (
    (LISTED_LIVE_EVENT_ACCESS as readonly string[]).includes(accessType) &&
    (LISTED_LIVE_EVENT_STATUS as readonly string[]).includes(status)
  );
}
