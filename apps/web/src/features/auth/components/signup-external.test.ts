// A§6 (decision 0061): /signup on a site that signs viewers in through an external identity platform
// shows no form; it names the platform and sends the viewer to sign in, where the platform's login is.
import i18next from 'i18next';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { en } from '../locales';
import { SignupExternal } from './signup-external';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    resources: { en: { auth: en } },
    lng: 'en',
    interpolation: { escapeValue: false },
    initAsync: false,
  });
});

describe('SignupExternal', () => {
  it('names the platform, has no signup form, and links to sign in', () => {
    const html = renderToStaticMarkup(
      createElement(
        MemoryRouter,
        null,
        createElement(SignupExternal, { platform: { provider: 'acme-id', name: 'Acme ID' } }),
      ),
    );
    expect(html).toContain('data-testid="signup-external"');
    expect(html).toContain('Sign up through Acme ID');
    expect(html).toContain('Accounts on this site are created through Acme ID.');
    expect(html).toMatch(/<a[^>]*data-testid="signup-external-login"[^>]*href="\/login"/);
    expect(html).not.toContain('<form');
  });
});
