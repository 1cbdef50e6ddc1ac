// A§2 /passcode?existsPasscodeBoth (decision 0061): where the title is also sold without a passcode,
// the passcode sign-in also offers the way back to buy it; without the parameter it does not.
import { SessionProvider } from '@marquee/api-client/react';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixedSession, initTestI18n } from '../../../lib/render-static';
import { en } from '../locales';
import { passcodeRedirect } from '../utils/passcode-next';
import { PasscodeView } from './passcode-view';

const session = fixedSession(null);

const render = (url: string) =>
  renderToStaticMarkup(
    createElement(SessionProvider, {
      session,
      children: createElement(MemoryRouter, { initialEntries: [url] }, createElement(PasscodeView)),
    }),
  );

beforeAll(() => initTestI18n({ en: { auth: en, common: {} } }));

describe('PasscodeView', () => {
  it('with existsPasscodeBoth, links back to the title (its paywall) to buy instead', () => {
    const html = render('/passcode?odrc=watch&videoUid=v-mixed&channel=films&existsPasscodeBoth=1');
    expect(html).toMatch(
      /<a[^>]*data-testid="passcode-or-buy"[^>]*href="\/channel\/films\/v-mixed"[^>]*>No passcode\?/,
    );
  });

  it('without it, only the passcode form and the password sign-in', () => {
    const html = render('/passcode?odrc=watch&videoUid=v-vip&channel=films');
    expect(html).not.toContain('passcode-or-buy');
    expect(html).toContain('Sign in with e-mail and password');
  });
});

describe('the sign-in variant of a title that needs a passcode (A§2)', () => {
  it('offers the password sign-in and signup with the title’s intent kept', () => {
    const html = render('/passcode?odrc=watch&videoUid=v-vip&channel=films');
    expect(html).toMatch(
      /<a[^>]*data-testid="passcode-with-password"[^>]*href="\/login\?odrc=watch&amp;videoUid=v-vip&amp;channel=films"/,
    );
    expect(html).toMatch(
      /<a[^>]*data-testid="passcode-signup"[^>]*href="\/signup\?odrc=watch&amp;videoUid=v-vip&amp;channel=films"/,
    );
  });
});

describe('passcodeRedirect (A§4 passcode flags)', () => {
  const params = new URLSearchParams('odrc=watch&videoUid=v-vip&channel=films');
  const flags = { email: 'a+b@x.test', automaticResetPassword: false, resetPassword: false };

  it('automaticResetPassword → forgot-pw from the passcode, automatic, with the e-mail', () => {
    expect(passcodeRedirect({ ...flags, automaticResetPassword: true }, params)).toEqual({
      to: '/forgot-pw?fromPasscode&automatic&email=a%2Bb%40x.test&odrc=watch&videoUid=v-vip&channel=films',
    });
  });

  it('resetPassword → forgot-pw from the passcode', () => {
    expect(passcodeRedirect({ ...flags, resetPassword: true }, new URLSearchParams())).toEqual({
      to: '/forgot-pw?fromPasscode&email=a%2Bb%40x.test',
    });
  });

  it('redirectLogin → the password sign-in, asked to use the password', () => {
    expect(passcodeRedirect(flags, params)).toEqual({
      to: '/login?odrc=watch&videoUid=v-vip&channel=films',
      notice: 'login.usePassword',
    });
  });
});
