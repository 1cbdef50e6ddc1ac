import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALICE, authHarness, START } from './fixtures';

let t: Awaited<ReturnType<typeof authHarness>>;
beforeAll(async () => {
  t = await authHarness();
});
afterAll(() => t.h.close());

const LOGIN = '/v2/me/auth/login';
const SIGNUP = '/v2/me/auth/signup';
const newcomer = {
  firstName: 'Bob',
  lastName: 'Builder',
  email: 'Bob@Acme.test',
  password: 'secret6',
  site: 'acme',
  terms: true,
};
/** Schema checks run before the captcha, so these refusals need no solved one. */
const unsolved = { ...newcomer, captchaToken: 'unsolved' };

describe('POST /v2/me/auth/login, refusals', () => {
  it('400s without an e-mail: "Email is required"', async () => {
    for (const body of [
      { password: 'x', site: 'acme' },
      { email: '', password: 'x', site: 'acme' },
    ]) {
      const res = await t.post(LOGIN, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.field).toBe('email');
      expect(res.json().error.message).toContain('Email is required');
    }
  });

  it('400s without a password: "Password is required"', async () => {
    for (const body of [
      { email: ALICE.email, site: 'acme' },
      { email: ALICE.email, password: '', site: 'acme' },
    ]) {
      const res = await t.post(LOGIN, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.field).toBe('password');
      expect(res.json().error.message).toContain('Password is required');
    }
  });

  it('401s with one message for a wrong password and an unknown e-mail', async () => {
    const wrong = await t.login({ email: ALICE.email, password: 'wrong password', site: 'acme' });
    const unknown = await t.login({ email: 'nobody@acme.test', password: ALICE.password, site: 'acme' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      error: { code: 'invalidCredentials', message: 'Invalid email or password' },
    });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('401s for the right password on another site (users belong to one site)', async () => {
    const res = await t.login({ email: ALICE.email, password: ALICE.password, site: 'other' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('invalidCredentials');
  });

  it('404s for an unknown site', async () => {
    const res = await t.login({ email: ALICE.email, password: ALICE.password, site: 'nope' });
    expect(res.statusCode).toBe(404);
  });
});

describe('POST /v2/me/auth/login', () => {
  it('returns the login response with the spec user, e-mail matched case-insensitively', async () => {
    const res = await t.login({ email: ' ALICE@acme.test ', password: ALICE.password, site: 'acme' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      expiresIn: 900,
      redirectLogin: false,
      automaticResetPassword: false,
      resetPassword: false,
      user: {
        _id: ALICE.id,
        id: ALICE.id,
        email: ALICE.email,
        firstName: 'Alice',
        lastName: 'Liddell',
        gender: 'female',
        dob: 19900402,
        roles: ['staff'],
        verified: true,
      },
    });
    expect(body.token.split('.')).toHaveLength(3);
    expect(body.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('stores only the sha256 of the refresh token', async () => {
    const { refreshToken } = (await t.login()).json();
    const rows = await t.h.db.selectFrom('refresh_tokens').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash.includes(refreshToken))).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });

  it('finds the site from __site or the host name when the body names none', async () => {
    const body = { email: ALICE.email, password: ALICE.password };
    expect((await t.post(`${LOGIN}?__site=acme`, body)).statusCode).toBe(200);
    expect((await t.post(LOGIN, body, { host: 'tv.acme.test' })).statusCode).toBe(200);
  });
});

describe('POST /v2/me/auth/signup, refusals', () => {
  it('400s naming each missing or invalid field', async () => {
    const cases: [object, string, string?][] = [
      [{ ...newcomer, email: undefined }, 'email', 'Email is required'],
      [{ ...newcomer, email: 'not-an-email' }, 'email', 'Invalid email'],
      [{ ...newcomer, password: undefined }, 'password', 'Password is required'],
      [{ ...newcomer, password: '12345' }, 'password', 'Password must be at least 6 characters'],
      [{ ...newcomer, firstName: undefined }, 'firstName'],
      [{ ...newcomer, lastName: '' }, 'lastName'],
      [{ ...newcomer, terms: undefined }, 'terms', 'You must accept the terms'],
      [{ ...newcomer, terms: false }, 'terms', 'You must accept the terms'],
      [{ ...newcomer, captchaToken: undefined }, 'captchaToken', 'Captcha is required'],
      [{ ...newcomer, captchaToken: '' }, 'captchaToken', 'Captcha is required'],
    ];
    for (const [body, field, message] of cases) {
      const res = await t.post(SIGNUP, { ...unsolved, ...body });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().error.field).toBe(field);
      if (message) expect(res.json().error.message).toContain(message);
    }
  });

  it('409s for an e-mail already used on the site, in any case', async () => {
    const res = await t.signup({ ...newcomer, email: 'ALICE@acme.test' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'emailTaken', field: 'email' });
  });
});

describe('POST /v2/me/auth/signup', () => {
  it('creates the account (lower-cased e-mail, argon2id hash, terms accepted) and logs it in', async () => {
    const res = await t.signup(newcomer);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.user).toMatchObject({
      email: 'bob@acme.test',
      firstName: 'Bob',
      lastName: 'Builder',
      roles: [],
      verified: false,
      gender: null,
      dob: null,
    });
    const row = await t.h.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'bob@acme.test')
      .executeTakeFirstOrThrow();
    expect(row.site_uid).toBe('acme');
    expect(row.terms_accepted_at).toBe(new Date(START).toISOString());
    expect(row.locked_at).toBeNull();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=65536,t=2,p=1\$/);
    expect((await t.info(body.token)).json().email).toBe('bob@acme.test');
    expect((await t.login({ email: 'bob@acme.test', password: 'secret6', site: 'acme' })).statusCode).toBe(
      200,
    );
  });

  it('lets the same e-mail sign up on another site', async () => {
    const res = await t.signup({ ...newcomer, site: 'other' });
    expect(res.statusCode).toBe(201);
  });
});
