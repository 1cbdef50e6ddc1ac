import { ApiError } from '@marquee/api-client';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { en, es } from '../locales';
import {
  errorText,
  daysInMonth,
  dobToParts,
  dobYears,
  formatDob,
  genderOptions,
  parseDob,
  toFieldError,
  validateCredentials,
  validateEmailChange,
  validateName,
  validatePasswordChange,
  validateUserInfo,
} from './validation';

const i18n = i18next.createInstance();
void i18n.init({
  lng: 'en',
  resources: { en: { account: en }, es: { account: es } },
  defaultNS: 'account',
  initAsync: false,
});

const NOW = new Date(2026, 10, 22); // 22 November 2026, local time
/** The error a rule gives for one of the spec's messages: the key whose English is exactly that text. */
function specError(message: string, field: string | undefined) {
  const name = Object.entries(en.validation).find(([, text]) => text === message)?.[0];
  if (!name) throw new Error(`no message "${message}" in the account namespace`);
  return { key: `validation.${name}`, field };
}

const SHOW_ALL = { hideUserDOB: false, hideUserGender: false, rudimentaryGenders: false };

describe('validateEmailChange (§5 Change e-mail)', () => {
  const current = 'viewer@marquee.test';

  it('says "All fields are required" when any field is empty', () => {
    for (const input of [
      { email: '', retypeEmail: 'a@b.co', password: 'x' },
      { email: 'a@b.co', retypeEmail: ' ', password: 'x' },
      { email: 'a@b.co', retypeEmail: 'a@b.co', password: '' },
    ]) {
      expect(validateEmailChange(input, current)).toEqual({
        ok: false,
        error: specError('All fields are required', undefined),
      });
    }
  });

  it('says "Invalid email" for a malformed address', () => {
    for (const email of ['viewer', 'viewer@', 'viewer@host', 'a b@c.de', '@c.de']) {
      const result = validateEmailChange({ email, retypeEmail: email, password: 'pw' }, current);
      expect(result).toEqual({ ok: false, error: specError('Invalid email', 'email') });
    }
  });

  it('lower-cases and then says "Email is the same as current"', () => {
    const email = 'Viewer@Marquee.TEST';
    expect(validateEmailChange({ email, retypeEmail: email, password: 'pw' }, current)).toEqual({
      ok: false,
      error: specError('Email is the same as current', 'email'),
    });
  });

  it('refuses two different addresses', () => {
    const result = validateEmailChange({ email: 'a@b.co', retypeEmail: 'c@d.co', password: 'pw' }, current);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.field).toBe('retypeEmail');
  });

  it('accepts a new address, lower-cased and trimmed, compared case-insensitively with the retype', () => {
    expect(
      validateEmailChange(
        { email: ' New@Example.COM ', retypeEmail: 'new@example.com', password: 'pw' },
        current,
      ),
    ).toEqual({ ok: true, value: { email: 'new@example.com', password: 'pw' } });
  });
});

describe('validateName (§5 Change name)', () => {
  it('says "Missing values" when a name is empty or blank', () => {
    for (const input of [
      { firstName: '', lastName: 'Doe' },
      { firstName: 'Jane', lastName: '   ' },
    ]) {
      expect(validateName(input)).toEqual({
        ok: false,
        error: specError('Missing values', undefined),
      });
    }
  });

  it('says "First name must be at least 2 characters long" for one character', () => {
    expect(validateName({ firstName: ' J ', lastName: 'Doe' })).toEqual({
      ok: false,
      error: specError('First name must be at least 2 characters long', 'firstName'),
    });
  });

  it('accepts trimmed names of 2 characters and more', () => {
    expect(validateName({ firstName: ' Jo ', lastName: ' D ' })).toEqual({
      ok: true,
      value: { firstName: 'Jo', lastName: 'D' },
    });
  });
});

describe('validatePasswordChange (§5 Change password)', () => {
  it('says "All fields are required" when any field is empty', () => {
    for (const input of [
      { currentPassword: '', newPassword: 'secret1', retypePassword: 'secret1' },
      { currentPassword: 'old', newPassword: '', retypePassword: 'secret1' },
      { currentPassword: 'old', newPassword: 'secret1', retypePassword: '' },
    ]) {
      const result = validatePasswordChange(input);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error).toEqual(specError('All fields are required', undefined));
    }
  });

  it(`says "New passwords don't match" when the retype differs`, () => {
    const result = validatePasswordChange({
      currentPassword: 'old',
      newPassword: 'secret1',
      retypePassword: 'secret2',
    });
    expect(result).toEqual({
      ok: false,
      error: specError("New passwords don't match", 'retypePassword'),
    });
  });

  it('keeps the minimum of 6 characters (§9)', () => {
    const short = validatePasswordChange({
      currentPassword: 'old',
      newPassword: '12345',
      retypePassword: '12345',
    });
    expect(short.ok).toBe(false);
    const enough = validatePasswordChange({
      currentPassword: 'old',
      newPassword: '123456',
      retypePassword: '123456',
    });
    expect(enough).toEqual({ ok: true, value: { currentPassword: 'old', newPassword: '123456' } });
  });
});

describe('validateCredentials (§5 Confirm identity)', () => {
  it('needs both fields and a valid e-mail', () => {
    expect(validateCredentials({ email: '', password: 'x' }).ok).toBe(false);
    expect(validateCredentials({ email: 'a@b.co', password: '' }).ok).toBe(false);
    expect(validateCredentials({ email: 'nope', password: 'x' }).ok).toBe(false);
    expect(validateCredentials({ email: 'A@B.co', password: 'x' })).toEqual({
      ok: true,
      value: { email: 'a@b.co', password: 'x' },
    });
  });
});

describe('date of birth (§5 Change user info)', () => {
  it('lists 100 years ending with the current year', () => {
    const years = dobYears(NOW);
    expect(years).toHaveLength(100);
    expect(years[0]).toBe(2026);
    expect(years[99]).toBe(1927);
  });

  it('accepts all parts empty as no DOB', () => {
    expect(parseDob({ year: '', month: '', day: '' }, NOW)).toEqual({ ok: true, value: null });
  });

  it('says "Invalid DOB" unless year, month and day are all given', () => {
    for (const parts of [
      { year: '1990', month: '', day: '' },
      { year: '', month: '3', day: '5' },
      { year: '1990', month: '3', day: '' },
    ]) {
      expect(parseDob(parts, NOW)).toEqual({ ok: false, error: specError('Invalid DOB', 'dob') });
    }
  });

  it('says "Invalid DOB" for a day the month does not have, a future date or a year off the list', () => {
    for (const parts of [
      { year: '1990', month: '2', day: '29' },
      { year: '1990', month: '4', day: '31' },
      { year: '2026', month: '11', day: '23' },
      { year: '1926', month: '1', day: '1' },
      { year: '1990', month: '13', day: '1' },
    ]) {
      expect(parseDob(parts, NOW).ok).toBe(false);
    }
  });

  it('gives a real date as numeric YYYYMMDD, leap days included', () => {
    expect(parseDob({ year: '1990', month: '3', day: '5' }, NOW)).toEqual({ ok: true, value: 19900305 });
    expect(parseDob({ year: '2000', month: '2', day: '29' }, NOW)).toEqual({ ok: true, value: 20000229 });
    expect(parseDob({ year: '2026', month: '11', day: '22' }, NOW)).toEqual({ ok: true, value: 20261122 });
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2023, 2)).toBe(28);
  });

  it('round-trips YYYYMMDD to the selects and formats it for people', () => {
    expect(dobToParts(19900305)).toEqual({ year: '1990', month: '3', day: '5' });
    expect(dobToParts(null)).toEqual({ year: '', month: '', day: '' });
    expect(formatDob(19900305)).toBe('March 5, 1990');
    expect(formatDob(null)).toBe('');
    expect(formatDob(19900305, 'es')).toBe('5 de marzo de 1990');
  });
});

describe('validateUserInfo (§5 Change user info)', () => {
  const base = { firstName: 'Jane', lastName: 'Doe', gender: '' as const, year: '', month: '', day: '' };

  it('says "Missing values" without both names', () => {
    const result = validateUserInfo({ ...base, lastName: '' }, SHOW_ALL, NOW);
    expect(result).toEqual({ ok: false, error: specError('Missing values', undefined) });
  });

  it('says "Invalid DOB" for a partial date', () => {
    const result = validateUserInfo({ ...base, year: '1990' }, SHOW_ALL, NOW);
    expect(result).toEqual({ ok: false, error: specError('Invalid DOB', 'dob') });
  });

  it('sends gender and dob when shown and given', () => {
    const result = validateUserInfo(
      { ...base, gender: 'other', year: '1990', month: '3', day: '5' },
      SHOW_ALL,
      NOW,
    );
    expect(result).toEqual({
      ok: true,
      value: { firstName: 'Jane', lastName: 'Doe', gender: 'other', dob: 19900305 },
    });
  });

  it('clears an emptied gender and DOB with null', () => {
    expect(validateUserInfo(base, SHOW_ALL, NOW)).toEqual({
      ok: true,
      value: { firstName: 'Jane', lastName: 'Doe', gender: null, dob: null },
    });
  });

  it('leaves out fields hidden by hideUserDOB and hideUserGender, whatever they hold', () => {
    const result = validateUserInfo(
      { ...base, gender: 'male', year: '1990', month: '', day: '' },
      { hideUserDOB: true, hideUserGender: true, rudimentaryGenders: false },
      NOW,
    );
    expect(result).toEqual({ ok: true, value: { firstName: 'Jane', lastName: 'Doe' } });
  });

  it('offers Male, Female, Other, and omits Other with rudimentaryGenders', () => {
    const english = i18n.getFixedT('en');
    expect(genderOptions(false).map((o) => english(o.label))).toEqual(['Male', 'Female', 'Other']);
    expect(genderOptions(true).map((o) => english(o.label))).toEqual(['Male', 'Female']);
    const result = validateUserInfo(
      { ...base, gender: 'other' },
      { ...SHOW_ALL, rudimentaryGenders: true },
      NOW,
    );
    expect(result.ok).toBe(false);
  });
});

describe('form error text', () => {
  it('translates rule errors and keeps the server message (§8)', () => {
    const rule = validatePasswordChange({ currentPassword: '', newPassword: '', retypePassword: '' });
    if (rule.ok) throw new Error('expected an error');
    expect(errorText(rule.error, i18n.getFixedT('en'))).toBe('All fields are required');
    expect(errorText(rule.error, i18n.getFixedT('es'))).toBe('Todos los campos son obligatorios');
    const server = toFieldError(new ApiError(401, 'invalidCredentials', 'Invalid Credentials', 'password'));
    expect(errorText(server, i18n.getFixedT('es'))).toBe('Invalid Credentials');
    expect(server.field).toBe('password');
    expect(errorText(toFieldError(new Error('boom')), i18n.getFixedT('en'))).toBe(
      'Uh-oh, something went wrong! Please try again',
    );
    expect(errorText(null, i18n.getFixedT('en'))).toBeUndefined();
  });
});
