// D§8 "A guard rejection with redirectTo moves the user to the named screen": the two session
// guards the web's routes sit behind. The login-only group moves a signed-in viewer to the profile
// (or the link's intent); a login-required route moves an anonymous one to login with its intent.
import { describe, expect, it } from 'vitest';
import { requireLoginGuard } from '../../../lib/session';
import { guestOnlyGuard, PROFILE_PATH } from './guest-guard';

const q = (query: string) => new URLSearchParams(query);

describe('guest-only guard (login, signup, forgot-pw)', () => {
  it('shows the screen to an anonymous viewer and waits while the session loads', () => {
    expect(guestOnlyGuard('anonymous', false, q('odrc=library'))).toEqual({ kind: 'show' });
    expect(guestOnlyGuard('loading', false, q(''))).toEqual({ kind: 'loading' });
  });

  it('moves a viewer who arrives signed in to the profile', () => {
    expect(PROFILE_PATH).toBe('/profile-info');
    expect(guestOnlyGuard('signedIn', false, q(''))).toEqual({ kind: 'redirect', to: '/profile-info' });
  });

  it("moves a signed-in viewer to the link's intent when it names one", () => {
    expect(guestOnlyGuard('signedIn', false, q('odrc=library'))).toEqual({
      kind: 'redirect',
      to: '/library',
    });
    expect(guestOnlyGuard('signedIn', false, q('odrc=watch&channel=c1&videoUid=v1'))).toEqual({
      kind: 'redirect',
      to: '/channel/c1/v1',
    });
  });

  it('moves a viewer who just signed in here to the intent, else home (not the profile)', () => {
    expect(guestOnlyGuard('signedIn', true, q(''))).toEqual({ kind: 'redirect', to: '/' });
  });
});

describe('login-required guard', () => {
  it('moves an anonymous viewer to login with the intent and its parameters', () => {
    expect(requireLoginGuard('anonymous', 'library')).toEqual({
      kind: 'redirect',
      to: '/login?odrc=library',
    });
    expect(requireLoginGuard('anonymous', 'gif', { videoUid: 'v1', channel: undefined })).toEqual({
      kind: 'redirect',
      to: '/login?odrc=gif&videoUid=v1',
    });
  });

  it('shows the screen to a signed-in viewer and waits while the session loads', () => {
    expect(requireLoginGuard('signedIn', 'library')).toEqual({ kind: 'show' });
    expect(requireLoginGuard('loading', 'library')).toEqual({ kind: 'loading' });
  });
});
