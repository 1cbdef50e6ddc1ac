import type { SessionStatus } from '@marquee/api-client';
import { returnPath } from './return-intent';

export const PROFILE_PATH = '/profile-info';

/** What a route guard does: wait for the session, show the screen, or move the viewer to `to`. */
export type GuardOutcome = { kind: 'loading' } | { kind: 'show' } | { kind: 'redirect'; to: string };

/**
 * The not-logged-in group's guard (login, signup, forgot-pw; accounts-and-commerce §2): a viewer
 * who arrives signed in goes to the profile, or to the intent when the link carries one; one who
 * signed in here (`sawAnonymous`) goes to the intent, else home.
 */
export function guestOnlyGuard(
  status: SessionStatus,
  sawAnonymous: boolean,
  params: URLSearchParams,
): GuardOutcome {
  if (status === 'loading') return { kind: 'loading' };
  if (status === 'anonymous') return { kind: 'show' };
  return { kind: 'redirect', to: sawAnonymous || params.get('odrc') ? returnPath(params) : PROFILE_PATH };
}
