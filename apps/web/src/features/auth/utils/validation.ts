// Client-side checks of the sign-in forms (accounts-and-commerce §5); the server checks again.

export const PASSWORD_MIN = 6;

/** Field name → message; empty when the form is valid. */
export type FieldErrors = Partial<Record<string, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function looksLikeEmail(value: string): boolean {
  return EMAIL.test(value.trim());
}

export function validateLogin(input: { email: string; password: string }): FieldErrors {
  const errors: FieldErrors = {};
  if (!input.email.trim()) errors.email = 'Email is required';
  if (!input.password) errors.password = 'Password is required';
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
}): FieldErrors {
  const errors: FieldErrors = {};
  if (!input.firstName.trim()) errors.firstName = 'First name is required';
  if (!input.lastName.trim()) errors.lastName = 'Last name is required';
  if (!input.email.trim()) errors.email = 'Email is required';
  else if (!looksLikeEmail(input.email)) errors.email = 'Please enter a valid e-mail address';
  if (input.password.length < PASSWORD_MIN)
    errors.password = `Password must be at least ${PASSWORD_MIN} characters`;
  if (!input.terms) errors.terms = 'You must accept the terms';
  if (input.captchaRequired && !input.captchaToken) errors.captchaToken = 'Please complete the captcha';
  return errors;
}

export function validateEmailOnly(email: string): FieldErrors {
  if (!email.trim()) return { email: 'Email is required' };
  if (!looksLikeEmail(email)) return { email: 'Please enter a valid e-mail address' };
  return {};
}

/** The reset form's messages are the spec's exactly (with its spelling). */
export function validateNewPassword(input: { password: string; confirm: string }): FieldErrors {
  const errors: FieldErrors = {};
  if (input.password.length < PASSWORD_MIN) errors.password = 'Password must be atleast 6 characters';
  else if (input.password !== input.confirm) errors.confirm = 'Passwords do not match';
  return errors;
}

export function validateRequiredReset(input: {
  email: string;
  password: string;
  newPassword: string;
  confirm: string;
}): FieldErrors {
  const errors: FieldErrors = { ...validateLogin(input) };
  const next = validateNewPassword({ password: input.newPassword, confirm: input.confirm });
  if (next.password) errors.newPassword = next.password;
  if (next.confirm) errors.confirm = next.confirm;
  return errors;
}

export function validateCode(code: string): FieldErrors {
  return code.trim() ? {} : { code: 'A code is required' };
}

/** The first field with an error, in form order (focus goes there). */
export function firstErrorField(errors: FieldErrors, order: readonly string[]): string | undefined {
  return order.find((name) => errors[name]);
}
