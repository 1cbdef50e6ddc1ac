import { decodeJwt } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PASSWORD_ATTEMPTS } from '../../src/modules/profile/profile.service';
import { errorOf, PASSWORD, profileHarness, START, type ProfileHarness, type TestUser } from './fixtures';

// PATCH /v2/me/email, PATCH /v2/me/password, POST /v2/me/confirm-identity (accounts-and-commerce §5),
// and the per-user limit on the password checks they share.
let t: ProfileHarness;
beforeAll(async () => {
  t = await profileHarness();
});
afterAll(() => t.close());
beforeEach(() => {
  t.clock.now = START;
});

async function signedIn(site = 'acme') {
  const user = await t.addUser(site);
  const session = await t.login(user);
  return { user, token: session.token, refreshToken: session.refreshToken };
}

const loginStatus = async (site: string, email: string, password: string) =>
  (await t.h.app.inject({ method: 'POST', url: '/v2/me/auth/login', payload: { email, password, site } }))
    .statusCode;

const patchEmail = (token: string | undefined, body: object) => t.call('PATCH', '/v2/me/email', token, body);
const patchPassword = (token: string | undefined, body: object) =>
  t.call('PATCH', '/v2/me/password', token, body);
const confirm = (token: string | undefined, body: object) =>
  t.call('POST', '/v2/me/confirm-identity', token, body);

describe('PATCH /v2/me/email refuses', () => {
  it('401s without a bearer token', async () => {
    expect((await patchEmail(undefined, { email: 'a@b.test', password: PASSWORD })).statusCode).toBe(401);
  });

  it('answers "All fields are required" naming the missing field', async () => {
    const { token } = await signedIn();
    for (const [body, field] of [
      [{ password: PASSWORD }, 'email'],
      [{ email: '  ', password: PASSWORD }, 'email'],
      [{ email: 'new@acme.test' }, 'password'],
      [{ email: 'new@acme.test', password: '' }, 'password'],
    ] as const) {
      const res = await patchEmail(token, body);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toEqual({ code: 'invalid', message: 'All fields are required', field });
    }
  });

  it('answers "Invalid email" for a malformed address', async () => {
    const { token } = await signedIn();
    for (const email of ['not-an-email', 'a@b', 'a b@c.test', '@acme.test']) {
      const res = await patchEmail(token, { email, password: PASSWORD });
      expect(res.statusCode, email).toBe(400);
      expect(errorOf(res)).toEqual({ code: 'invalid', message: 'Invalid email', field: 'email' });
    }
  });

  it('answers "Email is the same as current" after lower-casing and trimming', async () => {
    const { user, token } = await signedIn();
    const res = await patchEmail(token, { email: `  ${user.email.toUpperCase()} `, password: PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toEqual({
      code: 'invalid',
      message: 'Email is the same as current',
      field: 'email',
    });
  });

  it('401s "Invalid Credentials" for a wrong password and changes nothing', async () => {
    const { user, token } = await signedIn();
    const res = await patchEmail(token, { email: 'new-address@acme.test', password: 'wrong horse' });
    expect(res.statusCode).toBe(401);
    expect(errorOf(res)).toEqual({
      code: 'invalidCredentials',
      message: 'Invalid Credentials',
      field: 'password',
    });
    expect((await t.userRow(user.id))?.email).toBe(user.email);
    expect(t.mailsTo(user.email)).toEqual([]);
  });

  it('409s emailTaken for an address another account of the site has, after the password', async () => {
    const taken = await t.addUser('acme');
    const { user, token } = await signedIn();
    const wrong = await patchEmail(token, { email: taken.email, password: 'wrong horse' });
    expect(wrong.statusCode).toBe(401); // no account enumeration without the password
    const res = await patchEmail(token, { email: taken.email.toUpperCase(), password: PASSWORD });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toMatchObject({ code: 'emailTaken', field: 'email' });
    expect((await t.userRow(user.id))?.email).toBe(user.email);
  });

  it('401s for an account that has no password (social or autologin signup)', async () => {
    const user = await t.addUser('acme', { password_hash: '' });
    const token = await t.accessTokenFor(user);
    expect((await t.call('GET', '/v2/me/info', token)).statusCode).toBe(200);
    const res = await patchEmail(token, { email: 'elsewhere@acme.test', password: 'anything' });
    expect(res.statusCode).toBe(401);
    expect(errorOf(res).message).toBe('Invalid Credentials');
  });
});

describe('PATCH /v2/me/email changes the address', () => {
  it('lower-cased and trimmed, mails a masked notice to the old address only, and logins follow', async () => {
    const { user, token, refreshToken } = await signedIn();
    const res = await patchEmail(token, { email: '  New.Address@Example.COM ', password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, email: 'new.address@example.com' });
    expect((await t.userRow(user.id))?.email).toBe('new.address@example.com');

    const notices = t.mailsTo(user.email);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.subject).toBe('Your e-mail was changed');
    expect(notices[0]?.text).toContain('n***s@e***.com');
    expect(notices[0]?.text).not.toContain('new.address@example.com');
    expect(t.mailsTo('new.address@example.com')).toEqual([]);

    expect(await loginStatus('acme', 'new.address@example.com', PASSWORD)).toBe(200);
    expect(await loginStatus('acme', user.email, PASSWORD)).toBe(401);

    // The access token keeps the old e-mail claim until it is refreshed; the API reads the row.
    expect(decodeJwt(token).email).toBe(user.email);
    expect((await t.call('GET', '/v2/me/info', token)).json().email).toBe('new.address@example.com');
    const refreshed = await t.refresh(refreshToken);
    expect(refreshed.statusCode).toBe(200);
    expect(decodeJwt(refreshed.json().token).email).toBe('new.address@example.com');
  });

  it('to an address an account of another site uses', async () => {
    const elsewhere = await t.addUser('other');
    const { token } = await signedIn();
    const res = await patchEmail(token, { email: elsewhere.email, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe(elsewhere.email);
  });
});

describe('PATCH /v2/me/password refuses', () => {
  it('401s without a bearer token', async () => {
    const res = await patchPassword(undefined, { currentPassword: PASSWORD, newPassword: 'new secret' });
    expect(res.statusCode).toBe(401);
  });

  it('answers "All fields are required" naming the missing field', async () => {
    const { token } = await signedIn();
    for (const [body, field] of [
      [{ newPassword: 'new secret' }, 'currentPassword'],
      [{ currentPassword: PASSWORD }, 'newPassword'],
      [{ currentPassword: PASSWORD, newPassword: '   ' }, 'newPassword'],
    ] as const) {
      const res = await patchPassword(token, body);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toEqual({ code: 'invalid', message: 'All fields are required', field });
    }
  });

  it('answers "Password must be atleast 6 characters" for a short new password', async () => {
    const { token } = await signedIn();
    const res = await patchPassword(token, { currentPassword: PASSWORD, newPassword: '12345' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toEqual({
      code: 'invalid',
      message: 'Password must be atleast 6 characters',
      field: 'newPassword',
    });
  });

  it('401s "Invalid Credentials" for a wrong current password and keeps the old one', async () => {
    const { user, token } = await signedIn();
    const res = await patchPassword(token, { currentPassword: 'wrong horse', newPassword: 'new secret' });
    expect(res.statusCode).toBe(401);
    expect(errorOf(res)).toEqual({
      code: 'invalidCredentials',
      message: 'Invalid Credentials',
      field: 'currentPassword',
    });
    expect(await loginStatus('acme', user.email, PASSWORD)).toBe(200);
  });
});

describe('PATCH /v2/me/password', () => {
  it('sets the new password, records when, clears its expiry and ends every other session', async () => {
    const user = await t.addUser('acme', { password_expires_at: new Date(START + 1000).toISOString() });
    const first = await t.login(user);
    const second = await t.login(user);
    t.clock.now = START + 500;
    const res = await patchPassword(first.token, { currentPassword: PASSWORD, newPassword: '123456' });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const row = await t.userRow(user.id);
    expect(row?.password_changed_at).toBe(new Date(START + 500).toISOString());
    expect(row?.password_expires_at).toBeNull();
    expect(await loginStatus('acme', user.email, PASSWORD)).toBe(401);
    expect(await loginStatus('acme', user.email, '123456')).toBe(200);
    // The caller's session (the token's sid) stays; the other one is revoked.
    expect((await t.refresh(first.refreshToken)).statusCode).toBe(200);
    expect((await t.refresh(second.refreshToken)).statusCode).toBe(401);
  });
});

describe('POST /v2/me/confirm-identity', () => {
  it('401s without a bearer token', async () => {
    expect((await confirm(undefined, { email: 'a@b.test', password: PASSWORD })).statusCode).toBe(401);
  });

  it('answers "All fields are required" naming the missing field', async () => {
    const { user, token } = await signedIn();
    for (const [body, field] of [
      [{ password: PASSWORD }, 'email'],
      [{ email: user.email }, 'password'],
    ] as const) {
      const res = await confirm(token, body);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toEqual({ code: 'invalid', message: 'All fields are required', field });
    }
  });

  it('401s "Invalid Credentials" for a wrong password or another account, even with its password', async () => {
    const { user, token } = await signedIn();
    const other = await t.addUser('acme');
    for (const [body, field] of [
      [{ email: user.email, password: 'wrong horse' }, 'password'],
      [{ email: other.email, password: PASSWORD }, 'email'],
    ] as const) {
      const res = await confirm(token, body);
      expect(res.statusCode).toBe(401);
      expect(errorOf(res)).toEqual({ code: 'invalidCredentials', message: 'Invalid Credentials', field });
    }
  });

  it("204s for the user's own e-mail (any case) and password", async () => {
    const { user, token } = await signedIn();
    const res = await confirm(token, { email: ` ${user.email.toUpperCase()} `, password: PASSWORD });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
  });
});

describe('password checks are limited per user', () => {
  const confirmAs = (user: TestUser, token: string, password: string) =>
    confirm(token, { email: user.email, password });

  it(`429s with Retry-After after ${PASSWORD_ATTEMPTS.limit} wrong passwords, the right one included`, async () => {
    const { user, token } = await signedIn();
    for (let i = 0; i < PASSWORD_ATTEMPTS.limit; i++)
      expect((await confirmAs(user, token, 'wrong horse')).statusCode).toBe(401);
    const limited = await confirmAs(user, token, PASSWORD);
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited)).toMatchObject({
      code: 'rateLimited',
      message: 'Too many attempts. Please try again later',
    });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(PASSWORD_ATTEMPTS.windowMs / 1000);
    // One counter guards every endpoint that checks the password.
    const email = await patchEmail(token, { email: 'elsewhere@acme.test', password: PASSWORD });
    expect(email.statusCode).toBe(429);
    const password = await patchPassword(token, { currentPassword: PASSWORD, newPassword: 'new secret' });
    expect(password.statusCode).toBe(429);
    // Other users are not affected.
    const other = await signedIn();
    expect((await confirmAs(other.user, other.token, PASSWORD)).statusCode).toBe(204);
  });

  it('a correct password resets the count', async () => {
    const { user, token } = await signedIn();
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < PASSWORD_ATTEMPTS.limit - 1; i++)
        expect((await confirmAs(user, token, 'wrong horse')).statusCode).toBe(401);
      expect((await confirmAs(user, token, PASSWORD)).statusCode).toBe(204);
    }
  });

  // The memory limiter follows the app clock; Redis windows expire in real time.
  it.skipIf(Boolean(process.env.REDIS_URL))(
    'lets the user try again once the window has passed',
    async () => {
      const { user, token } = await signedIn();
      for (let i = 0; i < PASSWORD_ATTEMPTS.limit; i++) await confirmAs(user, token, 'wrong horse');
      expect((await confirmAs(user, token, PASSWORD)).statusCode).toBe(429);
      t.clock.now = START + PASSWORD_ATTEMPTS.windowMs;
      const fresh = (await t.login(user)).token;
      expect((await confirmAs(user, fresh, PASSWORD)).statusCode).toBe(204);
    },
  );
});
