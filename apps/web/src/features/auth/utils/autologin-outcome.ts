import { ApiError } from '@marquee/api-client';

export type AutologinOutcome =
  'pending' | 'expired' | 'linkExpired' | 'setPassword' | 'signedIn' | 'failed' | 'tooMany';

/**
 * What /autologin shows for the server's answer (spec §4 Autologin): status 0 back to login
 * ("linkExpired" when the server says the real link is past its expiry), 1 the set-password form, 2 with a token signed in, 2 without one (or any other failure) the
 * error and a redirect home, 429 "Too many failed attempts".
 */
export function autologinOutcome(
  result: { status: number; token?: string; expired?: boolean } | null | undefined,
  error: unknown,
): AutologinOutcome {
  if (error) return error instanceof ApiError && error.status === 429 ? 'tooMany' : 'failed';
  if (!result) return 'pending';
  if (result.status === 0) return result.expired ? 'linkExpired' : 'expired';
  if (result.status === 1) return 'setPassword';
  return result.status === 2 && result.token ? 'signedIn' : 'failed';
}

/** §9 "Redirect after … autologin failure: 3000 ms". */
export const AUTOLOGIN_REDIRECT_MS = 3000;

/**
 * Where /autologin goes for an outcome: login with the expired-code or expired-link notice, home
 * once signed in, home after AUTOLOGIN_REDIRECT_MS when it failed ("Redirecting to Home Page");
 * nowhere while pending, on the set-password form or after too many attempts.
 */
export function autologinNext(
  outcome: AutologinOutcome,
): { to: string; notice?: string; afterMs?: number } | null {
  switch (outcome) {
    case 'expired':
      return { to: '/login', notice: 'login.codeExpired' };
    case 'linkExpired':
      return { to: '/login', notice: 'login.linkExpired' };
    case 'signedIn':
      return { to: '/' };
    case 'failed':
      return { to: '/', afterMs: AUTOLOGIN_REDIRECT_MS };
    default:
      return null;
  }
}
