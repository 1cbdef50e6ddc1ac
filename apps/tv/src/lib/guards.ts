import type { SessionStatus } from '@marquee/api-client';
import type { PlayProblemKind } from '@marquee/domain';
import { paths } from '../config/paths';

/**
 * The TV's route guards (playback-and-social §2.1): pure, so the routes only render what they say.
 * A rejection carries its redirect target and whether it replaces the current history entry.
 */
export type GuardRejection = { redirect: string; replace: boolean };

/** What a guard decides: wait for the session, show the screen, or reject to another screen. */
export type GuardOutcome =
  { kind: 'loading' } | { kind: 'show' } | { kind: 'reject'; rejection: GuardRejection };

const show: GuardOutcome = { kind: 'show' };
const loading: GuardOutcome = { kind: 'loading' };
const reject = (redirect: string, replace: boolean): GuardOutcome => ({
  kind: 'reject',
  rejection: { redirect, replace },
});

/**
 * A `returnTo` the TV may follow: a path of this TV app under the same type (`/{type}/…`), never
 * another host or the login screen itself. Null otherwise.
 */
export function safeReturnTo(type: string, value: string | null | undefined): string | null {
  if (!value) return null;
  const prefix = `${paths.root.getHref(type)}/`;
  if (!value.startsWith(prefix) || value.startsWith('//') || value.includes('\\')) return null;
  const screen = value.slice(prefix.length).split(/[/?#]/)[0];
  if (!screen || screen === paths.login.path) return null;
  return value;
}

/**
 * /login: shown while signed out. Signed in, it rejects to the profile, or to the screen the viewer
 * was sent from (`returnTo`, a login-required title), replacing the login entry so Back skips it.
 */
export function loginGuard(status: SessionStatus, type: string, returnTo: string | null): GuardOutcome {
  if (status === 'loading') return loading;
  if (status === 'anonymous') return show;
  return reject(safeReturnTo(type, returnTo) ?? paths.profile.getHref(type), true);
}

/** /profile: shown while signed in; signed out, it rejects to login, replacing the profile entry. */
export function profileGuard(status: SessionStatus, type: string): GuardOutcome {
  if (status === 'loading') return loading;
  if (status === 'signedIn') return show;
  return reject(paths.login.getHref(type), true);
}

/**
 * A title the play-url refuses (§4.1 on TV: "reject with requiresLogin"): login required, or a
 * passcode that requires login, rejects to the TV login screen with the title as `returnTo`. The
 * title's entry is replaced, so Back from login does not land on the refusal again. A paid title
 * does the same for a TV that is not signed in: a purchase made on a phone reaches the TV only
 * through the account (decision 0073). Null for any other outcome (a signed-in TV shows a paid
 * title's purchase path in place).
 */
export function playbackGuard(
  kind: PlayProblemKind | 'ageRestricted' | undefined,
  status: SessionStatus,
  type: string,
  here: string,
): GuardRejection | null {
  const needsLogin =
    kind === 'login' ||
    kind === 'passcode' ||
    ((kind === 'purchase' || kind === 'preorder') && status === 'anonymous');
  if (!needsLogin) return null;
  return { redirect: paths.login.getHref(type, safeReturnTo(type, here) ?? undefined), replace: true };
}
