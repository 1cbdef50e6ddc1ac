// The sign-in screens as they first render (accounts-and-commerce §2, §3, §4 Autologin, §5, §6, §8):
// static renders with react-dom/server, and the pure rules the screens take their texts from.
import { ApiError, queryKeys } from '@marquee/api-client';
import type { User } from '@marquee/contract';
import { QueryClient } from '@tanstack/react-query';
import { createElement, type ReactElement } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../lib/api';
import { initTestI18n, renderInApp } from '../../../lib/render-static';
import { en as common } from '../../../locales/common';
import { en } from '../locales';
import { deviceErrorText, resetFailureText, resetMailErrorText } from '../utils/auth-errors';
import { accountName } from '../utils/account-name';
import { AUTOLOGIN_REDIRECT_MS, autologinNext } from '../utils/autologin-outcome';
import type { AuthPerms } from '../utils/site-perms';
import { AccountMenu } from './account-menu';
import { AutologinView } from './autologin-view';
import { ForgotPasswordView } from './forgot-password-view';
import { LoginView } from './login-view';
import { ResetPasswordView } from './reset-password-view';

const perms: AuthPerms = { hideAuth: false, swapLogin: false, activateToLogin: false };

const render = (path: string, screen: ReactElement, client?: QueryClient) =>
  renderInApp(screen, { path, client });

beforeAll(() => initTestI18n({ en: { auth: en, common } }));

describe('/login', () => {
  it('has a show-password toggle on the password, hidden to start with (A§2)', () => {
    const html = render('/login', createElement(LoginView, { perms }));
    expect(html).toMatch(/<input[^>]*type="password"[^>]*name="password"/);
    expect(html).toMatch(
      /<button type="button" class="field-password__toggle" aria-pressed="false" aria-label="Show password">Show<\/button>/,
    );
  });

  it('offers the TV sign-in only with the site flag activateToLogin (A§6)', () => {
    const offer = 'data-testid="activate-offer"';
    expect(
      render('/login', createElement(LoginView, { perms: { ...perms, activateToLogin: true } })),
    ).toContain(offer);
    expect(render('/login', createElement(LoginView, { perms }))).not.toContain(offer);
    // Already on the way to activating a TV: no second offer.
    expect(
      render(
        '/login?odrc=activate',
        createElement(LoginView, { perms: { ...perms, activateToLogin: true } }),
      ),
    ).not.toContain(offer);
  });
});

describe('/forgot-pw?fromPasscode&automatic (A§2)', () => {
  const intro = (url: string) =>
    /<p class="auth-intro">([^<]*)<\/p>/.exec(render(url, createElement(ForgotPasswordView, { perms })))?.[1];

  it('says why for each way in, and keeps the e-mail the passcode gave', () => {
    expect(intro('/forgot-pw')).toBe(en.forgot.intro);
    expect(intro('/forgot-pw?fromPasscode&email=a%40x.test')).toBe(en.forgot.introPasscode);
    expect(intro('/forgot-pw?fromPasscode&automatic&email=a%40x.test')).toBe(en.forgot.introAutomatic);
    expect(
      render('/forgot-pw?fromPasscode&email=a%40x.test', createElement(ForgotPasswordView, { perms })),
    ).toMatch(/<input[^>]*value="a@x.test"/);
  });
});

describe('/reset-pw/{code} title (A§2)', () => {
  const title = (url: string) =>
    /<h1[^>]*>([^<]*)<\/h1>/.exec(render(url, createElement(ResetPasswordView, { code: 'abc' })))?.[1];

  it('is "Set Password" when odrc is redeem-gift, otherwise "Password Reset"', () => {
    expect(title('/reset-pw/abc?odrc=redeem-gift&purchase=p1')).toBe('Set Password');
    expect(title('/reset-pw/abc')).toBe('Password Reset');
    expect(title('/reset-pw/abc?odrc=library')).toBe('Password Reset');
  });
});

describe('/autologin/{code} (A§4 Autologin)', () => {
  const renderWith = (answer: { status: number; token?: string }) => {
    const client = new QueryClient();
    client.setQueryData([...queryKeys.all(api), 'autologin', 'c1'], answer);
    return render('/autologin/c1', createElement(AutologinView, { code: 'c1' }), client);
  };

  it('status 1: asks to set the password first', () => {
    const html = renderWith({ status: 1 });
    expect(html).toContain('Please set your password before continuing..');
    expect(html).toContain('data-testid="autologin-set-password"');
  });

  it('no token: "There was an error logging you in", redirecting home after 3000 ms', () => {
    const html = renderWith({ status: 2 });
    expect(html).toContain('There was an error logging you in');
    expect(html).toContain('Redirecting to Home Page');
    expect(autologinNext('failed')).toEqual({ to: '/', afterMs: 3000 });
    expect(AUTOLOGIN_REDIRECT_MS).toBe(3000);
  });

  it('goes to login with the notice of an expired code or link, home at once when signed in', () => {
    expect(autologinNext('expired')).toEqual({ to: '/login', notice: 'login.codeExpired' });
    expect(autologinNext('linkExpired')).toEqual({ to: '/login', notice: 'login.linkExpired' });
    expect(autologinNext('signedIn')).toEqual({ to: '/' });
    for (const stay of ['pending', 'setPassword', 'tooMany'] as const) expect(autologinNext(stay)).toBeNull();
  });
});

describe('error texts', () => {
  const client = new ApiError(400, 'invalidCode', 'That code is wrong');
  const server = new ApiError(500, 'internal', 'stack trace here');

  it('A§8 device error: the server message for a client error, else the generic one', () => {
    expect(deviceErrorText(client, en.activate.failed)).toBe('That code is wrong');
    expect(deviceErrorText(server, en.activate.failed)).toBe(en.activate.failed);
    expect(deviceErrorText(new TypeError('fetch failed'), en.activate.failed)).toBe(en.activate.failed);
  });

  it('A§8 reset e-mail failure: "Something went wrong. Please try again"; a 429 shows the server message', () => {
    const limited = new ApiError(429, 'rateLimited', 'Too many requests, try again in 10 minutes');
    expect(resetMailErrorText(limited, en.forgot.failed)).toBe('Too many requests, try again in 10 minutes');
    expect(resetMailErrorText(client, en.forgot.failed)).toBe('Something went wrong. Please try again');
    expect(resetMailErrorText(server, en.forgot.failed)).toBe('Something went wrong. Please try again');
  });

  it('A§5 reset failure: "Unable to reset password. Please try again" with the server message', () => {
    const texts = {
      failed: en.reset.failed,
      failedBecause: (reason: string) => `${en.reset.failed}. ${reason}`,
    };
    expect(resetFailureText(client, texts)).toBe(
      'Unable to reset password. Please try again. That code is wrong',
    );
    expect(resetFailureText(server, texts)).toBe('Unable to reset password. Please try again');
  });
});

describe('the header’s account menu (A§3 "A guest is shown as Guest")', () => {
  const user = (firstName: string) =>
    ({
      _id: 'u1',
      id: 'u1',
      email: 'nameless@x.test',
      firstName,
      lastName: '',
      roles: [],
    }) as unknown as User;
  const menu = (who: User) => renderInApp(createElement(AccountMenu, { perms }), { user: who });
  const name = (who: User) => /<span class="account-menu__name">([^<]*)<\/span>/.exec(menu(who))?.[1];

  it('shows the first name, or "Guest" for an account without one', () => {
    expect(name(user('Alice'))).toBe('Alice');
    expect(name(user(''))).toBe('Guest');
    expect(name(user('  '))).toBe('Guest');
    expect(accountName(null, 'Guest')).toBe('Guest');
  });
});
