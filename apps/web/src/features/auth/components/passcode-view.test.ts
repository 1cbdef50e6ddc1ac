// A§2 /passcode?existsPasscodeBoth (decision 0061): where the title is also sold without a passcode,
// the passcode sign-in also offers the way back to buy it; without the parameter it does not.
import { SessionProvider } from '@marquee/api-client/react';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixedSession, initTestI18n } from '../../../lib/render-static';
import { en } from '../locales';
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
