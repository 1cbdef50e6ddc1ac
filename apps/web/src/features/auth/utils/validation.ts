// Client-side checks of the sign-in forms (accounts-and-commerce §5); the server checks again.
// They answer with `auth` message keys; the forms show them through i18next (`localizeErrors`).
import type { en } from '../locales';

export const PASSWORD_MIN = 6;

/** A message key of the `auth` namespace's validation group. */
export type ValidationKey = `validation.${keyof (typeof en)['validation']}`;

/** Field name → message key; empty when the form is valid. */
export type FieldErrorKeys = Partial<Record<string, ValidationKey>>;

/** Field name → the message shown (a translated key, or the server's own text). */
export type FieldErrors = Partial<Record<string, string>>;

/** The translate function of the `auth` namespace (react-i18next's `t`). */
export type Translate = (key: ValidationKey, options: { min: number }) => string;

/** The messages of checked fields in the current language. */
export function localizeErrors(errors: FieldErrorKeys, t: Translate): FieldErrors {
  const shown: FieldErrors = {};
  for (const [name, key] of Object.entries(errors)) if (key) shown[name] = t(key, { min: PASSWORD_MIN });
  return shown;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function looksLikeEmail(value: string): boolean {
  return EMAIL.test(value.trim());
}

export function validateLogin(input: { email: string; password: string }): FieldErrorKeys {
  const errors: FieldErrorKeys = {};
  if (!input.email.trim()) errors.email = 'validation.emailRequired';
  if (!input.password) errors.password = 'validation.passwordRequired';
  return errors;
}

export function validateSignup(input: {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  terms: boolean;
  captchaToken: string | null;
  captchaRequired: boolean;
}): FieldErrorKeys {
  const errors: FieldErrorKeys = {};
  if (!input.firstName.trim()) errors.firstName = 'validation.firstNameRequired';
  if (!input.lastName.trim()) errors.lastName = 'validation.lastNameRequired';
  if (!input.email.trim()) errors.email = 'validation.emailRequired';
  else if (!looksLikeEmail(input.email)) errors.email = 'validation.emailInvalid';
  if (input.password.length < PASSWORD_MIN) errors.password = 'validation.passwordMin';
  if (!input.terms) errors.terms = 'validation.termsRequired';
  if (input.captchaRequired && !input.captchaToken) errors.captchaToken = 'validation.captchaRequired';
  return errors;
}

export function validateEmailOnly(email: string): FieldErrorKeys {
  if (!email.trim()) return { email: 'validation.emailRequired' };
  if (!looksLikeEmail(email)) return { email: 'validation.emailInvalid' };
  return {};
}

/** The reset form's messages are the spec's exactly (with its spelling). */
export function validateNewPassword(input: { password: string; confirm: string }): FieldErrorKeys {
  const errors: FieldErrorKeys = {};
  if (input.password.length < PASSWORD_MIN) errors.password = 'validation.newPasswordMin';
  else if (input.password !== input.confirm) errors.confirm = 'validation.passwordsDiffer';
  return errors;
}

export function validateRequiredReset(input: {
  email: string;
  password: string;
  newPassword: string;
  confirm: string;
}): FieldErrorKeys {
  const errors: FieldErrorKeys = { ...validateLogin(input) };
  const next = validateNewPassword({ password: input.newPassword, confirm: input.confirm });
  if (next.password) errors.newPassword = next.password;
  if (next.confirm) errors.confirm = next.confirm;
  return errors;
}

export function validateCode(code: string): FieldErrorKeys {
  return code.trim() ? {} : { code: 'validation.codeRequired' };
}

/** The first field with an error, in form order (focus goes there). */
export function firstErrorField(
  errors: FieldErrors | FieldErrorKeys,
  order: readonly string[],
): string | undefined {
  return order.find((name) => errors[name]);
}
