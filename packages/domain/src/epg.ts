/**
 * Programme guide rules (discovery-and-site §2.5, §9): "It shows categories, a schedule in 30-minute
 * slots with 4 slots visible, a time offset of at most 6 steps, the last-viewed channels, and a
 * player in the page. The timebar refreshes every 1 s; the programme timer defaults to 60 s. Channel
 * number is padded to 3 digits. [...] Channels with access type 'requires login' need login unless
 * the embed setting skipRequiresLogin allows skipping. In EPG mode cinema mode starts after 30 s idle."
 * §9: "EPG slot 30 min, 4 visible, offset max 6, timebar 1 s, timer 60 s; cinema mode 2 s (30 s EPG)."
 *
 * Channel-number padding is `padChannelNumber` in catalog.ts. Choices the spec leaves open are in
 * docs/decisions/0014-epg.md.
 */
import { ms, type Milliseconds } from './units';

export { ms, type Milliseconds } from './units';

/** One slot of the schedule grid: 30 minutes. */
export const EPG_SLOT_MS = ms(30 * 60_000);
/** Slots visible at once. */
export const EPG_VISIBLE_SLOTS = 4;
/** The time offset moves by one slot, from 0 (the current slot first) up to 6 slots later. */
export const EPG_MAX_OFFSET = 6;
/** The now-line (timebar) is redrawn every second. */
export const EPG_TIMEBAR_REFRESH_MS = ms(1_000);
/** The programme timer: programme info and now/next are re-read every 60 s. */
export const EPG_PROGRAMME_TIMER_MS = ms(60_000);
/** Idle time before cinema mode: 2 s on the watch screen, 30 s in EPG mode. */
export const CINEMA_IDLE_MS = ms(2_000);
export const EPG_CINEMA_IDLE_MS = ms(30_000);
/** The last-viewed list keeps this many channels (the spec gives no number; decision 0014). */
export const LAST_VIEWED_MAX = 5;
/** The live-channel access type that needs a signed-in viewer (contract `accessType`). */
export const REQUIRES_LOGIN_ACCESS = 'requiresLogin';

/** The visible part of the schedule: 4 slots from `start`, each labelled by its start. */
export interface EpgWindow {
  /** The clamped offset the window was built with (0..6). */
  offset: number;
  start: Milliseconds;
  end: Milliseconds;
  /** The start of each visible slot, in order. */
  slots: Milliseconds[];
}

/** An offset the controls may show: a whole number of steps in 0..6 (anything else → the nearest end, NaN → 0). */
export function clampEpgOffset(offset: number): number {
  if (Number.isNaN(offset)) return 0;
  return Math.min(EPG_MAX_OFFSET, Math.max(0, Math.trunc(offset)));
}

/**
 * The start of the slot holding `t`. `utcOffset` (the viewer's offset from UTC) keeps slots on the
 * local :00 and :30 in zones such as UTC+5:45; it is 0 for every whole- or half-hour zone.
 */
export function slotStartOf(t: Milliseconds, utcOffset: Milliseconds = ms(0)): Milliseconds {
  return ms(Math.floor((t + utcOffset) / EPG_SLOT_MS) * EPG_SLOT_MS - utcOffset);
}

/** The 4 visible slots at `now` moved `offset` steps later (the offset is clamped to 0..6). */
export function epgWindow(now: Milliseconds, offset: number, utcOffset: Milliseconds = ms(0)): EpgWindow {
  const steps = clampEpgOffset(offset);
  const start = ms(slotStartOf(now, utcOffset) + steps * EPG_SLOT_MS);
  const slots = Array.from({ length: EPG_VISIBLE_SLOTS }, (_, i) => ms(start + i * EPG_SLOT_MS));
  return { offset: steps, start, end: ms(start + EPG_VISIBLE_SLOTS * EPG_SLOT_MS), slots };
}

/** The span of programmes to fetch so every window reachable at `now` (offsets 0..6) is covered. */
export function epgFetchRange(
  now: Milliseconds,
  utcOffset: Milliseconds = ms(0),
): { from: Milliseconds; to: Milliseconds } {
  return { from: epgWindow(now, 0, utcOffset).start, to: epgWindow(now, EPG_MAX_OFFSET, utcOffset).end };
}

/** Where a programme sits in a window, as percentages of the window's width. */
export interface ProgrammeSpan {
  /** Left edge, 0..100. */
  startPct: number;
  /** Width, >0..100. */
  widthPct: number;
  /** The programme began before the window (its left part is cut off). */
  clippedStart: boolean;
  /** The programme ends after the window (its right part is cut off). */
  clippedEnd: boolean;
}

/** A programme's part inside the window, or null when it is outside (or its times are unusable). */
export function programmeSpan(
  programme: { start: string; stop: string },
  window: Pick<EpgWindow, 'start' | 'end'>,
): ProgrammeSpan | null {
  const start = Date.parse(programme.start);
  const stop = Date.parse(programme.stop);
  if (!Number.isFinite(start) || !Number.isFinite(stop) || stop <= start) return null;
  const from = Math.max(start, window.start);
  const to = Math.min(stop, window.end);
  if (to <= from) return null;
  const width = window.end - window.start;
  return {
    startPct: ((from - window.start) / width) * 100,
    widthPct: ((to - from) / width) * 100,
    clippedStart: start < window.start,
    clippedEnd: stop > window.end,
  };
}

/** A channel's programmes inside the window, by start, each with its span. */
export function visibleProgrammes<T extends { start: string; stop: string }>(
  epg: readonly T[],
  window: Pick<EpgWindow, 'start' | 'end'>,
): { programme: T; span: ProgrammeSpan }[] {
  return epg
    .map((programme) => ({ programme, span: programmeSpan(programme, window) }))
    .filter((p): p is { programme: T; span: ProgrammeSpan } => p.span !== null)
    .sort((a, b) => Date.parse(a.programme.start) - Date.parse(b.programme.start));
}

/** The now-line's position in the window (0..100), or null when now is outside it. */
export function timebarPercent(now: Milliseconds, window: Pick<EpgWindow, 'start' | 'end'>): number | null {
  if (now < window.start || now >= window.end) return null;
  return ((now - window.start) / (window.end - window.start)) * 100;
}

/** The programme on at `now` and the next one to start. */
export function nowAndNext<T extends { start: string; stop: string }>(
  epg: readonly T[],
  now: Milliseconds,
): { now: T | null; next: T | null } {
  const sorted = [...epg].sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  return {
    now: sorted.find((p) => Date.parse(p.start) <= now && now < Date.parse(p.stop)) ?? null,
    next: sorted.find((p) => Date.parse(p.start) > now) ?? null,
  };
}

/**
 * Whether the viewer must sign in before the channel plays (§2.5): access type 'requires login' and
 * signed out, unless the embed setting skipRequiresLogin lets the embed skip it.
 */
export function channelNeedsLogin(accessType: string, signedIn: boolean, skipRequiresLogin = false): boolean {
  return accessType === REQUIRES_LOGIN_ACCESS && !signedIn && !skipRequiresLogin;
}

/** The channels of one category (null: "All"), in their order. */
export function channelsInCategory<T extends { categories: readonly string[] }>(
  channels: readonly T[],
  category: string | null,
): T[] {
  return category === null ? [...channels] : channels.filter((c) => c.categories.includes(category));
}

/** The last-viewed list after watching `channelId`: most recent first, no repeats, at most `max`. */
export function updateLastViewed(
  list: readonly string[],
  channelId: string,
  max: number = LAST_VIEWED_MAX,
): string[] {
  if (!channelId) return list.slice(0, max);
  return [channelId, ...list.filter((id) => id !== channelId)].slice(0, Math.max(0, max));
}

/** The last-viewed list as stored (a JSON array of ids); anything malformed reads as empty. */
export function parseLastViewed(raw: string | null | undefined, max: number = LAST_VIEWED_MAX): string[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const ids = value.filter((v): v is string => typeof v === 'string' && v.length > 0);
  return [...new Set(ids)].slice(0, Math.max(0, max));
}
