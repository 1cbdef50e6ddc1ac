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

/** The fields a live-event listing needs from each event. */
export type ListedLiveEvent = LiveEventTiming & { accessType: string; status: string };

/**
 * The events a listing shows at `now` (§2.6: "Ended and unlisted events are hidden. The listing keeps
 * only accessType public, or requires login with status public or pending").
 */
export function visibleLiveEvents<T extends ListedLiveEvent>(events: readonly T[], now: Date): T[] {
  return events.filter(
    (e) => isListedLiveEvent(e.accessType, e.status) && liveEventState(e, now) !== 'ended',
  );
}

/** A local calendar day, YYYY-MM-DD (the viewer's days, not UTC's). */
export function localDayKey(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export type LiveEventDayGroup<T> = {
  /** YYYY-MM-DD, or NOT_STARTED_DATE for events without a start yet. */
  day: string;
  isToday: boolean;
  events: T[];
};

/**
 * Events grouped by local day with Today first (§2.6 "Events are grouped by day with Today first"),
 * then the other days in date order; events without a start (9999-12-31) come last. Live events that
 * started on an earlier day count as today: they are on now. Within a day, by start.
 */
export function groupLiveEventsByDay<T extends LiveEventTiming>(
  events: readonly T[],
  now: Date,
): LiveEventDayGroup<T>[] {
  const today = localDayKey(now);
  const groups = new Map<string, T[]>();
  const sorted = [...events].sort((a, b) => a.start.localeCompare(b.start));
  for (const e of sorted) {
    let day = isNotStarted(e.start) ? NOT_STARTED_DATE : localDayKey(new Date(e.start));
    if (day !== NOT_STARTED_DATE && day < today && liveEventState(e, now) === 'live') day = today;
    const list = groups.get(day) ?? [];
    list.push(e);
    groups.set(day, list);
  }
  const rank = (day: string) => (day === today ? 0 : day === NOT_STARTED_DATE ? 2 : 1);
  return [...groups.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([day, list]) => ({ day, isToday: day === today, events: list }));
}

/** What the time-till label shows: 'Not Started', NOW, or the day and time of the start. */
export type TimeTill = { kind: 'notStarted' } | { kind: 'now' } | { kind: 'at'; start: Date };

/** §2.6 "A date of 9999-12-31 shows 'Not Started'. Time-till shows NOW if past, else day and time." */
export function timeTill(start: string, now: Date): TimeTill {
  if (isNotStarted(start)) return { kind: 'notStarted' };
  const at = new Date(start);
  return at.getTime() <= now.getTime() ? { kind: 'now' } : { kind: 'at', start: at };
}
