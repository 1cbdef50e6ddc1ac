import { describe, expect, it } from 'vitest';
import { loginGuard, playbackGuard, profileGuard, safeReturnTo } from './guards';

const title = '/generic/play-video/originals/demo-premium-01?movieUid=m1';

describe('TV route guards (playback-and-social §2.1)', () => {
  it('login: waits for the session, shows signed out, and sends a signed-in TV to its profile, replacing', () => {
    expect(loginGuard('loading', 'generic', null)).toEqual({ kind: 'loading' });
    expect(loginGuard('anonymous', 'generic', title)).toEqual({ kind: 'show' });
    expect(loginGuard('signedIn', 'tizen', null)).toEqual({
      kind: 'reject',
      rejection: { redirect: '/tizen/profile', replace: true },
    });
  });

  it('login: a signed-in TV goes back to the title it came from instead, when that is a TV screen', () => {
    expect(loginGuard('signedIn', 'generic', title)).toEqual({
      kind: 'reject',
      rejection: { redirect: title, replace: true },
    });
    // Another host, another type or the login screen itself: the profile, as with no returnTo.
    for (const bad of [
      '//evil.test/x',
      'https://evil.test/generic/x',
      '/webos/movie/m1',
      '/generic/login',
      '/generic/',
    ])
      expect(loginGuard('signedIn', 'generic', bad)).toEqual({
        kind: 'reject',
        rejection: { redirect: '/generic/profile', replace: true },
      });
  });

  it('profile: waits for the session, shows signed in, and sends a signed-out TV to login, replacing', () => {
    expect(profileGuard('loading', 'generic')).toEqual({ kind: 'loading' });
    expect(profileGuard('signedIn', 'generic')).toEqual({ kind: 'show' });
    expect(profileGuard('anonymous', 'vizio')).toEqual({
      kind: 'reject',
      rejection: { redirect: '/vizio/login', replace: true },
    });
  });

  it('a login-required title rejects to the TV login with itself as returnTo; other outcomes do not', () => {
    const toLogin = { redirect: `/generic/login?returnTo=${encodeURIComponent(title)}`, replace: true };
    expect(playbackGuard('login', 'anonymous', 'generic', title)).toEqual(toLogin);
    expect(playbackGuard('passcode', 'signedIn', 'generic', title)).toEqual(toLogin);
    expect(playbackGuard('login', 'anonymous', 'generic', '//evil.test/')).toEqual({
      redirect: '/generic/login',
      replace: true,
    });
    for (const kind of ['notLive', 'closed', 'ageRestricted', undefined] as const)
      expect(playbackGuard(kind, 'anonymous', 'generic', title)).toBeNull();
  });

  it('a paid title sends a signed-out TV to login first, and shows a signed-in one its purchase path', () => {
    const toLogin = { redirect: `/generic/login?returnTo=${encodeURIComponent(title)}`, replace: true };
    expect(playbackGuard('purchase', 'anonymous', 'generic', title)).toEqual(toLogin);
    expect(playbackGuard('preorder', 'anonymous', 'generic', title)).toEqual(toLogin);
    expect(playbackGuard('purchase', 'signedIn', 'generic', title)).toBeNull();
    expect(playbackGuard('preorder', 'signedIn', 'generic', title)).toBeNull();
    // While the session loads, nothing moves yet.
    expect(playbackGuard('purchase', 'loading', 'generic', title)).toBeNull();
  });

  it('safeReturnTo keeps only paths of this TV type', () => {
    expect(safeReturnTo('generic', title)).toBe(title);
    expect(safeReturnTo('generic', null)).toBeNull();
    expect(safeReturnTo('generic', '/generic\\..\\x')).toBeNull();
    expect(safeReturnTo('generic', '/genericx/movie/1')).toBeNull();
  });
});
