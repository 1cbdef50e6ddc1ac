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
