import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { en, es } from '../locales';
import {
  type FieldErrorKeys,
  firstErrorField,
  localizeErrors,
  validateCode,
  validateLogin,
  validateNewPassword,
  validateRequiredReset,
  validateSignup,
} from './validation';

// The forms show the keys through i18next: check the English the viewer reads, as the spec words it.
const i18n = i18next.createInstance();
void i18n.init({
  lng: 'en',
  resources: { en: { auth: en }, es: { auth: es } },
  defaultNS: 'auth',
  initAsync: false,
});
const english = (errors: FieldErrorKeys) => localizeErrors(errors, i18n.getFixedT('en'));

const signup = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  password: 'secret1',
  terms: true,
  captchaToken: 'token',
  captchaRequired: true,
};

describe('sign-in form validation (spec §5)', () => {
  it('login needs e-mail and password', () => {
    expect(english(validateLogin({ email: ' ', password: '' }))).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
    expect(validateLogin({ email: 'a@b.c', password: 'x' })).toEqual({});
  });

  it('signup checks the e-mail shape, password length, terms and captcha', () => {
    expect(validateSignup(signup)).toEqual({});
    expect(english(validateSignup({ ...signup, email: 'not-an-email' })).email).toMatch(/valid e-mail/);
    expect(english(validateSignup({ ...signup, password: '12345' })).password).toBe(
      'Password must be at least 6 characters',
    );
    expect(validateSignup({ ...signup, password: '123456' }).password).toBeUndefined();
    expect(validateSignup({ ...signup, terms: false }).terms).toBeDefined();
    expect(validateSignup({ ...signup, captchaToken: null }).captchaToken).toBeDefined();
    expect(validateSignup({ ...signup, captchaToken: null, captchaRequired: false })).toEqual({});
    expect(Object.keys(validateSignup({ ...signup, firstName: '', lastName: ' ' }))).toEqual([
      'firstName',
      'lastName',
    ]);
  });

  it('reset uses the spec messages as written', () => {
    expect(english(validateNewPassword({ password: '12345', confirm: '12345' }))).toEqual({
      password: 'Password must be atleast 6 characters',
    });
    expect(english(validateNewPassword({ password: '123456', confirm: '123457' }))).toEqual({
      confirm: 'Passwords do not match',
    });
    expect(validateNewPassword({ password: '123456', confirm: '123456' })).toEqual({});
  });

  it('required reset checks the old credentials and the new password', () => {
    expect(
      english(validateRequiredReset({ email: '', password: '', newPassword: 'abc', confirm: 'abc' })),
    ).toEqual({
      email: 'Email is required',
      password: 'Password is required',
      newPassword: 'Password must be atleast 6 characters',
    });
  });

  it('activation and passcode need a code', () => {
    expect(validateCode('  ')).toEqual({ code: 'validation.codeRequired' });
    expect(english(validateCode('  '))).toEqual({ code: 'A code is required' });
    expect(validateCode('BCDF2345')).toEqual({});
  });

  it('shows the messages in the chosen language', () => {
    const spanish = localizeErrors(validateSignup({ ...signup, password: '1' }), i18n.getFixedT('es'));
    expect(spanish.password).toBe('La contraseña debe tener al menos 6 caracteres');
  });

  it('focus goes to the first invalid field in form order', () => {
    expect(firstErrorField({ password: 'x', email: 'y' }, ['email', 'password'])).toBe('email');
    expect(firstErrorField({}, ['email'])).toBeUndefined();
  });
});
