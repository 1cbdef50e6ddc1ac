/**
 * The not-live screen's countdown (playback-and-social §4.7): "The not-live screen counts down to the
 * start, ticking every 1000 ms, and replaces itself with the live watch screen at the start time. The
 * countdown text refreshes every 60000 ms. A date of 9999-12-31 shows 'Not Started'."
 * COUNTDOWN_REFRESH_MS (60 s) lives in live-event.ts with the listing's refresh.
 */
import { isNotStarted, type LiveEventState, type LiveEventTiming } from './live-event';

/** The ticking clock's period (§4.7 "ticking every 1000 ms"). */
export const COUNTDOWN_TICK_MS = 1_000;

export type Countdown =
  /** The 9999-12-31 placeholder: no start to count down to ('Not Started'). */
  | { kind: 'notStarted' }
  /** The start has passed: the screen switches to the live watch screen. */
  | { kind: 'started' }
  /** Time left, split for display; `totalMs` is the exact remainder. */
  | { kind: 'until'; totalMs: number; days: number; hours: number; minutes: number; seconds: number };

/** What is left until `start` at `now`. Seconds round up, so the last second shows 00:00:01, not 0. */
export function countdown(start: string, now: Date): Countdown {
  if (isNotStarted(start)) return { kind: 'notStarted' };
  const startMs = Date.parse(start);
  if (!Number.isFinite(startMs)) return { kind: 'notStarted' };
  const totalMs = startMs - now.getTime();
  if (totalMs <= 0) return { kind: 'started' };
  let s = Math.ceil(totalMs / 1000);
  const days = Math.floor(s / 86_400);
  s -= days * 86_400;
  const hours = Math.floor(s / 3_600);
  s -= hours * 3_600;
  const minutes = Math.floor(s / 60);
  return { kind: 'until', totalMs, days, hours, minutes, seconds: s - minutes * 60 };
}

/** The 1 s clock: `D:HH:MM:SS` with days, else `HH:MM:SS`. */
export function countdownClock(c: Extract<Countdown, { kind: 'until' }>): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const hms = `${pad(c.hours)}:${pad(c.minutes)}:${pad(c.seconds)}`;
  return c.days > 0 ? `${c.days}:${hms}` : hms;
}

/**
 * The long-form text's parts, refreshed every 60 s: whole days, hours and minutes left, rounded up to
 * the minute (so "1 minute" until the start, never "0 minutes"). The UI words them per language.
 */
export function countdownWords(
  start: string,
  now: Date,
):
  | { kind: 'notStarted' }
  | { kind: 'started' }
  | { kind: 'until'; days: number; hours: number; minutes: number } {
  const c = countdown(start, now);
  if (c.kind !== 'until') return c;
  let m = Math.ceil(c.totalMs / 60_000);
  const days = Math.floor(m / 1_440);
  m -= days * 1_440;
  const hours = Math.floor(m / 60);
  return { kind: 'until', days, hours, minutes: m - hours * 60 };
}

/** Milliseconds until the next whole-second boundary of the countdown (keeps the 1 s ticks aligned to the start). */
export function msToNextTick(start: string, now: Date): number {
  const c = countdown(start, now);
  if (c.kind !== 'until') return COUNTDOWN_TICK_MS;
  const rem = c.totalMs % COUNTDOWN_TICK_MS;
  return rem === 0 ? COUNTDOWN_TICK_MS : rem;
}

/**
 * Whether an event can play at `now`, as play-url decides it (access.ts: code 20 when not started or
 * ended): ended when flagged or, unless 24/7, when its end has passed — for any event type, unlike the
 * listing's state (§4.7 "When the end has passed during playback, the event is marked ended").
 */
export function playbackLiveState(event: LiveEventTiming & { is247?: boolean }, now: Date): LiveEventState {
  const t = now.getTime();
  if (event.ended) return 'ended';
  if (!event.is247 && event.end && Date.parse(event.end) <= t) return 'ended';
  if (!isNotStarted(event.start) && Date.parse(event.start) <= t) return 'live';
  return 'future';
}

/** Milliseconds until a playing event's end passes (null: no end, 24/7, or already past). */
export function msUntilEnd(event: { end: string | null; is247?: boolean }, now: Date): number | null {
  if (!event.end || event.is247) return null;
  const ms = Date.parse(event.end) - now.getTime();
  return Number.isFinite(ms) && ms > 0 ? ms : null;
}
