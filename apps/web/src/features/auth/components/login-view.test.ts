// A§6 activateToLogin (decision 0012): the login page offers "Signing in on a TV? Sign in and enter
// your TV code" (login with odrc=activate) where the site sets the flag, and not when the viewer
// is already on that way in, nor on a site without the flag.
import { SessionProvider } from '@marquee/api-client/react';
import { createElement } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixedSession, initTestI18n, renderInApp } from '../../../lib/render-static';
import { en } from '../locales';
import { LoginView } from './login-view';

beforeAll(() => initTestI18n({ en: { auth: en } }));

const render = (activateToLogin: boolean, path = '/login') =>
  renderInApp(
    createElement(SessionProvider, {
      session: fixedSession(null),
      children: createElement(LoginView, { perms: { hideAuth: false, swapLogin: false, activateToLogin } }),
    }),
    { path },
  );

describe('LoginView with activateToLogin', () => {
  it('on: offers to sign in and enter a TV code', () => {
    const html = render(true);
    expect(html).toMatch(
      /<p class="auth-alt" data-testid="activate-offer">Signing in on a TV\? <a href="\/login\?odrc=activate"[^>]*>Sign in and enter your TV code<\/a><\/p>/,
    );
    expect(html).toContain('<form');
  });

  it('off: no such offer', () => {
    expect(render(false)).not.toContain('activate-offer');
  });

  it('on, when the viewer already came to activate a TV: no offer again', () => {
    expect(render(true, '/login?odrc=activate')).not.toContain('activate-offer');
  });
});
