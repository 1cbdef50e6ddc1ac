import { ApiError } from '@marquee/api-client';
import type { en } from '../locales';
// Client-side rules of the account modals (accounts-and-commerce §5). They answer with `account`
// message keys (the spec's texts are the English of those keys); the forms show them via i18next.
// The server checks the same rules; these only spare a round trip.

/** A message key of the `account` namespace (validation, the generic error, gender labels). */
export type MessageKey =
  | `validation.${keyof (typeof en)['validation']}`
  | `errors.${keyof (typeof en)['errors']}`
  | `gender.${keyof (typeof en)['gender']}`;

/** Password minimum (accounts-and-commerce §9). */
export const PASSWORD_MIN = 6;
/** The date-of-birth year list spans 100 years ending with the current year (§5, §9). */
export const DOB_YEARS = 100;
/** The name may change only once per 60 days (§5, §9). */
export const NAME_CHANGE_DAYS = 60;

export type Gender = 'male' | 'female' | 'other';

/**
 * A field's problem and the input it belongs to: a message key (client-side checks, translated when
 * shown) or the server's own message.
 */
export type FieldError = { field?: string } & ({ key: MessageKey } | { message: string });

/** The text of a form error in the viewer's language (`t` of the `account` namespace). */
export function errorText(error: FieldError | null, t: (key: MessageKey) => string): string | undefined {
  if (!error) return undefined;
  return 'key' in error ? t(error.key) : error.message;
}

/** A failed call as a form error: the server's message and field (§8: modal errors show the server's message). */
export function toFieldError(error: unknown): FieldError {
  const field = error instanceof ApiError ? error.field : undefined;
  return error instanceof ApiError && error.message
    ? { message: error.message, field }
    : { key: 'errors.generic', field };
}

/** Whether the form's error names one of these fields (to mark the input). */
export function invalidFor(error: FieldError | null, ...fields: string[]): boolean {
  return Boolean(error?.field && fields.includes(error.field));
}

export type Validated<T> = { ok: true; value: T } | { ok: false; error: FieldError };

const fail = (key: MessageKey, field?: string): { ok: false; error: FieldError } => ({
  ok: false,
  error: { key, field },
});

// One @ with text either side and a dot in the domain, no spaces: the server has the final word.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string): boolean {
  return value.length <= 320 && EMAIL.test(value);
}

export interface EmailChangeInput {
  email: string;
  retypeEmail: string;
  password: string;
}

/** Change e-mail: all fields, lower-cased, the two e-mails equal, a valid address other than the current one. */
export function validateEmailChange(
  input: EmailChangeInput,
  currentEmail: string,
): Validated<{ email: string; password: string }> {
  const email = input.email.trim().toLowerCase();
  const retype = input.retypeEmail.trim().toLowerCase();
  if (!email || !retype || !input.password) return fail('validation.allRequired');
  if (!isEmail(email)) return fail('validation.emailInvalid', 'email');
  if (email !== retype) return fail('validation.emailsDiffer', 'retypeEmail');
  if (email === currentEmail.trim().toLowerCase()) return fail('validation.emailSame', 'email');
  return { ok: true, value: { email, password: input.password } };
}

export interface NameInput {
  firstName: string;
  lastName: string;
}

/** Change name: both names given, the first at least 2 characters. */
export function validateName(input: NameInput): Validated<{ firstName: string; lastName: string }> {
  const firstName = input.firstName.trim();
  const lastName = input.lastName.trim();
  if (!firstName || !lastName) return fail('validation.missingValues');
  if (firstName.length < 2) return fail('validation.firstNameShort', 'firstName');
  return { ok: true, value: { firstName, lastName } };
}

export interface PasswordChangeInput {
  currentPassword: string;
  newPassword: string;
  retypePassword: string;
}

/** Change password: all fields, the new password typed twice alike, at least 6 characters. */
export function validatePasswordChange(
  input: PasswordChangeInput,
): Validated<{ currentPassword: string; newPassword: string }> {
  if (!input.currentPassword || !input.newPassword || !input.retypePassword)
    return fail('validation.allRequired');
  if (input.newPassword !== input.retypePassword) return fail('validation.passwordsDiffer', 'retypePassword');
  if (input.newPassword.length < PASSWORD_MIN) return fail('validation.passwordShort', 'newPassword');
  return { ok: true, value: { currentPassword: input.currentPassword, newPassword: input.newPassword } };
}

/** Confirm identity: e-mail and password (the server answers "Invalid Credentials" when wrong). */
export function validateCredentials(input: {
  email: string;
  password: string;
}): Validated<{ email: string; password: string }> {
  const email = input.email.trim().toLowerCase();
  if (!email || !input.password) return fail('validation.allRequired');
  if (!isEmail(email)) return fail('validation.emailInvalid', 'email');
  return { ok: true, value: { email, password: input.password } };
}

/** The DOB selects' values: '' for not chosen. Month is 1–12. */
export interface DobParts {
  year: string;
  month: string;
  day: string;
}

/** Year options, newest first: 100 years ending with the current year. */
export function dobYears(now: Date = new Date()): number[] {
  const current = now.getFullYear();
  return Array.from({ length: DOB_YEARS }, (_, i) => current - i);
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Splits a numeric YYYYMMDD date into select values ('' parts when absent). */
export function dobToParts(dob: number | null | undefined): DobParts {
  if (!dob) return { year: '', month: '', day: '' };
  const year = Math.floor(dob / 10_000);
  const month = Math.floor(dob / 100) % 100;
  const day = dob % 100;
  return { year: String(year), month: String(month), day: String(day) };
}

/**
 * Year, month and day all given (a real date, not after today, within the year list) or all empty
 * (→ null); else "Invalid DOB".
 */
export function parseDob(parts: DobParts, now: Date = new Date()): Validated<number | null> {
  const given = [parts.year, parts.month, parts.day].filter((p) => p !== '').length;
  if (given === 0) return { ok: true, value: null };
  if (given !== 3) return fail('validation.invalidDob', 'dob');
  const year = Number(parts.year);
  const month = Number(parts.month);
  const day = Number(parts.day);
  if (![year, month, day].every(Number.isInteger)) return fail('validation.invalidDob', 'dob');
  const years = dobYears(now);
  if (year > years[0]! || year < years[years.length - 1]!) return fail('validation.invalidDob', 'dob');
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    return fail('validation.invalidDob', 'dob');
  }
  const dob = year * 10_000 + month * 100 + day;
  const today = now.getFullYear() * 10_000 + (now.getMonth() + 1) * 100 + now.getDate();
  if (dob > today) return fail('validation.invalidDob', 'dob');
  return { ok: true, value: dob };
}

/** The gender choices: Male, Female, Other (Other omitted with perm rudimentaryGenders); labels are keys. */
export function genderOptions(rudimentaryGenders: boolean): Array<{ value: Gender; label: MessageKey }> {
  const options: Array<{ value: Gender; label: MessageKey }> = [
    { value: 'male', label: 'gender.male' },
    { value: 'female', label: 'gender.female' },
  ];
  if (!rudimentaryGenders) options.push({ value: 'other', label: 'gender.other' });
  return options;
}

export interface UserInfoInput extends NameInput, DobParts {
  gender: Gender | '';
}

/** Which optional fields the site shows (perms hideUserDOB, hideUserGender, rudimentaryGenders). */
export interface UserInfoFields {
  hideUserDOB: boolean;
  hideUserGender: boolean;
  rudimentaryGenders: boolean;
}

/** The PATCH /v2/me/info body: an empty gender or DOB is null (cleared); hidden fields are left out. */
export interface UserInfoValue {
  firstName: string;
  lastName: string;
  gender?: Gender | null;
  dob?: number | null;
}

/** Change user info: names as for Change name, then DOB all-or-none; hidden fields are not sent. */
export function validateUserInfo(
  input: UserInfoInput,
  fields: UserInfoFields,
  now: Date = new Date(),
): Validated<UserInfoValue> {
  const name = validateName(input);
  if (!name.ok) return name;
  const value: UserInfoValue = { ...name.value };
  if (!fields.hideUserGender) {
    const allowed = genderOptions(fields.rudimentaryGenders).some((o) => o.value === input.gender);
    if (input.gender && !allowed) return fail('validation.missingValues', 'gender');
    value.gender = input.gender || null;
  }
  if (!fields.hideUserDOB) {
    const dob = parseDob(input, now);
    if (!dob.ok) return dob;
    value.dob = dob.value;
  }
  return { ok: true, value };
}

/** The month's name (1–12) in the UI language ('en': "March", 'es': "marzo"). */
export function monthName(month: number, locale = 'en'): string {
  if (!Number.isInteger(month) || month < 1 || month > 12) return '';
  return new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' }).format(
    Date.UTC(2000, month - 1, 1),
  );
}

/** A numeric YYYYMMDD date for people in the UI language: "March 5, 1990", "5 de marzo de 1990". */
export function formatDob(dob: number | null | undefined, locale = 'en'): string {
  if (!dob) return '';
  const { year, month, day } = dobToParts(dob);
  if (!monthName(Number(month))) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    Date.UTC(Number(year), Number(month) - 1, Number(day)),
  );
}
