// A§6 (decision 0061): where the site signs viewers in through an external identity platform, the
// profile shows the name, e-mail and password read-only, says where to change them, and offers no
// change buttons for them; gender and birth date (which the platform does not hold) stay editable.
import type { User } from '@marquee/contract';
import { SessionProvider } from '@marquee/api-client/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixedSession, initTestI18n } from '../../../lib/render-static';
import { en, es } from '../locales';
import { ProfileInfo } from './profile-info';

const user: User = {
  _id: 'u1',
  id: 'u1',
  email: 'alice@sso.test',
  firstName: 'Alice',
  lastName: 'Liddell',
  gender: 'female',
  dob: 19900402,
  roles: [],
  verified: true,
  pending: false,
  autoPlay: true,
  trialUsed: [],
  userMuteList: [],
  chatUsername: null,
};
const fields = { hideUserDOB: false, hideUserGender: false, rudimentaryGenders: false };

const session = fixedSession(user);

const render = (managedBy?: string | null) =>
  renderToStaticMarkup(
    createElement(
      QueryClientProvider,
      { client: new QueryClient() },
      createElement(SessionProvider, {
        session,
        children: createElement(ProfileInfo, { user, fields, managedBy }),
      }),
    ),
  );

beforeAll(() => initTestI18n({ en: { account: en }, es: { account: es } }));

describe('ProfileInfo with an external identity platform', () => {
  it('shows the name and e-mail read-only, says where to change them, and offers no change for them', () => {
    const html = render('Acme ID');
    expect(html).toContain('Alice Liddell');
    expect(html).toContain('alice@sso.test');
    expect(html).toContain(
      'data-testid="profile-managed">Your name, e-mail and password are managed by Acme ID. Change them there.</p>',
    );
    for (const button of ['change-name', 'change-email', 'change-password'])
      expect(html).not.toContain(`data-testid="${button}"`);
    expect(html).toContain('data-testid="change-user-info"');
  });

  it('offers every change and no note on a site without one', () => {
    const html = render(null);
    expect(html).not.toContain('profile-managed');
    for (const button of ['change-name', 'change-user-info', 'change-email', 'change-password'])
      expect(html).toContain(`data-testid="${button}"`);
  });

  it('says it in the viewer’s language', async () => {
    await i18next.changeLanguage('es');
    expect(render('Acme ID')).toContain('los gestiona Acme ID');
    await i18next.changeLanguage('en');
  });
});
