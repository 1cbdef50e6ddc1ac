import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solvedCaptcha } from '../auth/fixtures';
import { errorOf, profileHarness, SSO_PLATFORM, type ProfileHarness, type TestUser } from './fixtures';

// accounts-and-commerce §6: "When an external identity platform is enabled, signup and profile editing
// are disabled" (decision 0061). Site sso signs its viewers in through "Acme ID"; acme has none.
let t: ProfileHarness;
beforeAll(async () => {
  t = await profileHarness();
});
afterAll(() => t.close());

const newcomer = { email: 'new@sso.test', password: 'secret-pw', firstName: 'Neo', lastName: 'Anderson' };
const signup = async (site: string) =>
  t.h.app.inject({
    method: 'POST',
    url: '/v2/me/auth/signup',
    payload: { ...newcomer, terms: true, site, captchaToken: await solvedCaptcha(t.h.app, site) },
  });

async function signedIn(site: string): Promise<{ user: TestUser; token: string }> {
  const user = await t.addUser(site);
  return { user, token: (await t.login(user)).token };
}

describe('signup on a site with an external identity platform', () => {
  it('403s signupDisabled naming the platform, even with a solved captcha, and creates no account', async () => {
    const res = await signup('sso');
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toEqual({
      code: 'signupDisabled',
      message: 'Signup is disabled: accounts on this site are created through Acme ID',
    });
    const rows = await t.h.db.selectFrom('users').select('id').where('email', '=', newcomer.email).execute();
    expect(rows).toEqual([]);
  });

  it('stays open on a site without one', async () => {
    expect((await signup('acme')).statusCode).toBe(201);
  });

  it('the site config tells clients the platform (null where there is none)', async () => {
    const sso = await t.h.app.inject({ url: '/v2/sites/sso/config' });
    expect(sso.json().identityPlatform).toEqual(SSO_PLATFORM);
    const acme = await t.h.app.inject({ url: '/v2/sites/acme/config' });
    expect(acme.json().identityPlatform).toBeNull();
  });
});

describe('profile editing on a site with an external identity platform', () => {
  const managed = {
    code: 'profileManagedExternally',
    message: 'Your profile is managed by Acme ID: change your name, e-mail and password there',
  };

  it('401s without a token before anything else', async () => {
    expect(
      (await t.call('PATCH', '/v2/me/email', undefined, { email: 'x@sso.test', password: 'p' })).statusCode,
    ).toBe(401);
  });

  it('403s a name change and leaves the name', async () => {
    const { user, token } = await signedIn('sso');
    const res = await t.call('PATCH', '/v2/me/info', token, { firstName: 'Mallory', lastName: 'Liddell' });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toEqual(managed);
    const row = await t.userRow(user.id);
    expect(row?.first_name).toBe('Alice');
    expect(row?.name_changed_at).toBeNull();
  });

  it('403s an e-mail change, even with the right password, and keeps the e-mail', async () => {
    const { user, token } = await signedIn('sso');
    const res = await t.call('PATCH', '/v2/me/email', token, {
      email: 'other@sso.test',
      password: user.password,
    });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toEqual(managed);
    expect((await t.userRow(user.id))?.email).toBe(user.email);
  });

  it('403s a password change and the old password still signs in', async () => {
    const { user, token } = await signedIn('sso');
    const res = await t.call('PATCH', '/v2/me/password', token, {
      currentPassword: user.password,
      newPassword: 'brand-new-password',
    });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toEqual(managed);
    expect((await t.login(user)).token).toBeTruthy();
  });

  it('still saves gender and birth date (the age gate writes it) when the name is unchanged', async () => {
    const { user, token } = await signedIn('sso');
    const res = await t.call('PATCH', '/v2/me/info', token, {
      firstName: 'Alice',
      lastName: 'Liddell',
      gender: 'male',
      dob: 19850101,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ gender: 'male', dob: 19850101 });
    expect((await t.userRow(user.id))?.dob).toBe('1985-01-01');
  });

  it('changes nothing on a site without one (a rename goes through)', async () => {
    const { token } = await signedIn('acme');
    const res = await t.call('PATCH', '/v2/me/info', token, { firstName: 'Mallory', lastName: 'Liddell' });
    expect(res.statusCode).toBe(200);
  });
});
