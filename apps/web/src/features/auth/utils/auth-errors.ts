import { ApiError, DEFAULT_ERROR_MESSAGE } from '@marquee/api-client';

/** The error `code`s of the accounts API the screens branch on (brief: the agreed API). */
export const AuthErrorCode = {
  invalidCredentials: 'invalidCredentials',
  accountLocked: 'accountLocked',
  pwdExpired: 'pwdExpired',
  unreelTerms: 'unreelTerms',
  authDisabled: 'authDisabled',
  rateLimited: 'rateLimited',
  captchaRequired: 'captchaRequired',
  emailTaken: 'emailTaken',
} as const;

export function errorCode(error: unknown): string | undefined {
  return error instanceof ApiError ? error.code : undefined;
}

/**
 * The server's message for an API error, else `fallback`: the screens pass the generic message in
 * the viewer's language (`auth:genericError`).
 */
export function serverMessage(error: unknown, fallback: string = DEFAULT_ERROR_MESSAGE): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}

/** A 429 answer: the server's message (it names the wait). */
export function isRateLimited(error: unknown): boolean {
  return error instanceof ApiError && error.status === 429;
}

/** The server's message of a client error (4xx), which the viewer can act on; null for anything else. */
export function clientErrorMessage(error: unknown): string | null {
  return error instanceof ApiError && error.isClientError && error.message ? error.message : null;
}

/** §8 Device error: the server's message if it is a client error, otherwise `generic`. */
export function deviceErrorText(error: unknown, generic: string): string {
  return clientErrorMessage(error) ?? generic;
}

/** §8 Reset e-mail failure: `generic` ("Something went wrong. Please try again"); a 429 shows the server's message. */
export function resetMailErrorText(error: unknown, generic: string): string {
  return isRateLimited(error) ? serverMessage(error, generic) : generic;
}

/**
 * §5 Reset password failure: "Unable to reset password. Please try again" (`failed`), with the
 * server's message after it when it is a client error (`failedBecause` takes it as `reason`).
 */
export function resetFailureText(
  error: unknown,
  texts: { failed: string; failedBecause: (reason: string) => string },
): string {
  const reason = clientErrorMessage(error);
  return reason ? texts.failedBecause(reason) : texts.failed;
}
