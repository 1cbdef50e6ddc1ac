import type { PasscodeRedirect } from '@marquee/contract';
import { carriedQuery } from './return-intent';

/**
 * Where a passcode that cannot sign in directly sends the viewer (spec §4 Session, "Passcode login:
 * flags automaticResetPassword or resetPassword go to forgot-password; redirectLogin goes to login"):
 * a mailed reset link (automatic) or a first password to set, both from the passcode; otherwise the
 * password sign-in, asked to use the password. The return intent of `params` goes along.
 */
export function passcodeRedirect(
  result: Pick<PasscodeRedirect, 'email' | 'automaticResetPassword' | 'resetPassword'>,
  params: URLSearchParams,
): { to: string; notice?: string } {
  const carried = carriedQuery(params).replace(/^\?/, '');
  const withIntent = (query: string) => (carried ? `${query}&${carried}` : query);
  const email = `email=${encodeURIComponent(result.email)}`;
  if (result.automaticResetPassword)
    return { to: `/forgot-pw?${withIntent(`fromPasscode&automatic&${email}`)}` };
  if (result.resetPassword) return { to: `/forgot-pw?${withIntent(`fromPasscode&${email}`)}` };
  return { to: `/login${carriedQuery(params)}`, notice: 'login.usePassword' };
}
