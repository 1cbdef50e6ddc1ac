/**
 * The age gate (playback-and-social §4.2, §5, §8; accounts-and-commerce §9): a video (or its series)
 * may name a minimum age. A viewer with no known birth date gets `noAge` and is asked for one; a
 * viewer younger than the minimum is refused with the spec's message. Dates are numeric YYYYMMDD
 * (the User's `dob`), and age is counted in 365.25-day years.
 */

/** The spec's messages (§8 "Age"), word for word. */
export const AGE_GATE_MESSAGES = {
  tooYoung: 'Sorry! You do not meet the minimum age requirement to continue!',
  allRequired: 'All fields are required',
  saveFailed: 'Error processing DOB',
} as const;

/** The signal (and its code) of a viewer whose birth date is not known (§4.2). */
export const NO_AGE = 'noAge';

/** "Age is computed in 365.25-day years" (§4.2; accounts-and-commerce §9). */
export const DAYS_PER_AGE_YEAR = 365.25;

/** "The year list shows 100 years ending with the current year" (§5, §9). */
export const BIRTH_YEAR_SPAN = 100;

/** Where a viewer stands before playback: no gate, gate passed, no birth date known, or too young. */
export type AgeGateState = 'open' | 'allowed' | typeof NO_AGE | 'tooYoung';

/** The modal's three selects: '' when not chosen; month is 1–12. */
export interface BirthDateInput {
  year: string;
  month: string;
  day: string;
}

export type BirthDateResult = { ok: true; dob: number } | { ok: false; message: string };

const DAY_MS = 86_400_000;

function parts(dob: number): { year: number; month: number; day: number } {
  return { year: Math.floor(dob / 10_000), month: Math.floor(dob / 100) % 100, day: dob % 100 };
}

/** Days in a month (1–12) of a year, leap years included. */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Whether a numeric YYYYMMDD names a real calendar date. */
export function isCalendarDate(dob: number): boolean {
  if (!Number.isInteger(dob) || dob < 10_000_101 || dob > 99_991_231) return false;
  const { year, month, day } = parts(dob);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** A date as numeric YYYYMMDD (month and day zero-padded in the string form, §5). */
export function toDateNumber(year: number, month: number, day: number): number {
  return year * 10_000 + month * 100 + day;
}

/** The local calendar day of `now` as numeric YYYYMMDD. */
export function todayNumber(now: Date): number {
  return toDateNumber(now.getFullYear(), now.getMonth() + 1, now.getDate());
}

/** The modal's years, newest first: 100 years ending with the current one. */
export function birthYears(now: Date): number[] {
  const current = now.getFullYear();
  return Array.from({ length: BIRTH_YEAR_SPAN }, (_, i) => current - i);
}

/**
 * Age in 365.25-day years (fractional) on the local calendar day of `now`, from a YYYYMMDD birth
 * date. Whole days are counted, so the result does not depend on the time of day or the time zone.
 */
export function ageInYears(dob: number, now: Date): number {
  const born = parts(dob);
  const today = parts(todayNumber(now));
  const days =
    (Date.UTC(today.year, today.month - 1, today.day) - Date.UTC(born.year, born.month - 1, born.day)) /
    DAY_MS;
  return days / DAYS_PER_AGE_YEAR;
}

/**
 * The minimum age a video asks for: its own `ageGate`, else its series' (the catalog already folds
 * the series' gate into an episode's), null when neither names a positive age.
 */
export function minimumAge(video: {
  ageGate: number | null;
  seriesData?: { ageGate: number | null } | null;
}): number | null {
  const gate = video.ageGate ?? video.seriesData?.ageGate ?? null;
  return gate !== null && gate > 0 ? gate : null;
}

/**
 * The gate's answer for a viewer (§4.2): `open` when there is no minimum (or the site's `ageGate`
 * flag is off), `noAge` without a birth date, else `allowed` or `tooYoung` by 365.25-day years.
 */
export function checkAgeGate(minimum: number | null, dob: number | null, now: Date): AgeGateState {
  if (minimum === null) return 'open';
  if (dob === null || !isCalendarDate(dob)) return NO_AGE;
  return ageInYears(dob, now) >= minimum ? 'allowed' : 'tooYoung';
}

/**
 * The birth-date modal's input (§5): year, month and day must all be chosen, else 'All fields are
 * required'. A day the month does not have, a year outside the list or a date after today cannot be
 * chosen in the modal; if one arrives anyway it counts as not chosen (same message).
 */
export function parseBirthDate(input: BirthDateInput, now: Date): BirthDateResult {
  const fail = { ok: false, message: AGE_GATE_MESSAGES.allRequired } as const;
  if (input.year === '' || input.month === '' || input.day === '') return fail;
  const [year, month, day] = [input.year, input.month, input.day].map(Number) as [number, number, number];
  if (![year, month, day].every(Number.isInteger)) return fail;
  const years = birthYears(now);
  if (year > years[0]! || year < years[years.length - 1]!) return fail;
  const dob = toDateNumber(year, month, day);
  if (!isCalendarDate(dob) || dob > todayNumber(now)) return fail;
  return { ok: true, dob };
}

/** "For anonymous viewers the date is kept in local storage as YYYYMMDD" (§4.2, §5: zero-padded). */
export function encodeStoredDob(dob: number): string {
  const { year, month, day } = parts(dob);
  return `${String(year).padStart(4, '0')}${String(month).padStart(2, '0')}${String(day).padStart(2, '0')}`;
}

/** A stored YYYYMMDD back to a number; null for anything else (absent, garbled, not a real date). */
export function decodeStoredDob(stored: string | null | undefined): number | null {
  if (!stored || !/^\d{8}$/.test(stored)) return null;
  const dob = Number(stored);
  return isCalendarDate(dob) ? dob : null;
}
