import { hash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARGON2_OPTIONS } from '../../src/modules/auth/auth.service';
import { LOGIN_LIMITS, loginKeys } from '../../src/modules/auth/login-guard';
import { authHarness, START, TERMS_UPDATED_AT } from './fixtures';

let t: Awaited<ReturnType<typeof authHarness>>;
beforeAll(async () => {
  t = await authHarness();
});
afterAll(() => t.h.close());

const LOCKED =
  'Welcome back! Your account has been locked for security reasons and your password needs to be reset';
const PASSWORD = 'right password';
let ipCounter = 0;
/** A client address no other test uses, so per-IP budgets do not leak between tests. */
const freshIp = () => `198.51.100.${++ipCounter}`;

const attempt = (email: string, password: string, ip: string, extra: object = {}, site = 'acme') =>
  t.login({ email, password, site, ...extra }, ip);

describe('POST /v2/me/auth/login, failed-login limits', () => {
  it('429s rateLimited with Retry-After after 5 attempts on one account, even with the right password', async () => {
    await t.addUser('limited@acme.test', PASSWORD);
    const ip = freshIp();
    for (let i = 0; i < LOGIN_LIMITS.account.limit; i++)
      expect((await attempt('limited@acme.test', 'wrong', ip)).statusCode).toBe(401);
    const res = await attempt('limited@acme.test', PASSWORD, freshIp());
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('rateLimited');
    expect(res.json().error.message).toBe('Too many failed login attempts. Please try again in 15 minutes.');
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  });

  it('stops a concurrent burst before the password verify: only 5 of 40 attempts are verified', async () => {
    await t.addUser('burst@acme.test', PASSWORD);
    const ip = freshIp();
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => attempt('burst@acme.test', 'wrong', ip)),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(LOGIN_LIMITS.account.limit);
    expect(codes.filter((c) => c === 429)).toHaveLength(40 - LOGIN_LIMITS.account.limit);
  });

  it('answers an unknown e-mail exactly like a known one: 401 five times, then 429', async () => {
    const ip = freshIp();
    const known = [];
    const unknown = [];
    await t.addUser('known@acme.test', PASSWORD);
    for (let i = 0; i <= LOGIN_LIMITS.account.limit; i++) {
      known.push((await attempt('known@acme.test', 'wrong', ip)).json());
      unknown.push((await attempt('ghost@acme.test', 'wrong', ip)).json());
    }
    expect(unknown.map((b) => b.error.code)).toEqual([...Array(5).fill('invalidCredentials'), 'rateLimited']);
    expect(unknown).toEqual(known);
  });

  it('a successful login resets the account count', async () => {
    await t.addUser('typo@acme.test', PASSWORD);
    const ip = freshIp();
    for (let i = 0; i < 4; i++) expect((await attempt('typo@acme.test', 'wrong', ip)).statusCode).toBe(401);
    expect((await attempt('typo@acme.test', PASSWORD, ip)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await attempt('typo@acme.test', 'wrong', ip)).statusCode).toBe(401);
    expect((await attempt('typo@acme.test', PASSWORD, ip)).statusCode).toBe(200);
  });

  it('429s an IP after 50 failed logins over any accounts; other IPs and the account itself are unaffected', async () => {
    const ip = freshIp();
    const emails = Array.from({ length: 10 }, (_, i) => `spray${i}@acme.test`);
    for (const email of emails)
      for (let i = 0; i < LOGIN_LIMITS.ip.limit / emails.length; i++)
        expect((await attempt(email, 'wrong', ip)).statusCode).toBe(401);
    await t.addUser('neighbour@acme.test', PASSWORD);
    const refused = await attempt('neighbour@acme.test', PASSWORD, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await attempt('neighbour@acme.test', PASSWORD, freshIp())).statusCode).toBe(200);
  });

  it.skipIf(!!process.env.REDIS_URL)(
    'lets the account try again once the 15-minute window has ended',
    async () => {
      await t.addUser('patient@acme.test', PASSWORD);
      const ip = freshIp();
      for (let i = 0; i < 5; i++) await attempt('patient@acme.test', 'wrong', ip);
      expect((await attempt('patient@acme.test', PASSWORD, ip)).statusCode).toBe(429);
      t.clock.now = START + 15 * 60_000;
      try {
        expect((await attempt('patient@acme.test', PASSWORD, ip)).statusCode).toBe(200);
      } finally {
        t.clock.now = START;
      }
    },
  );
});

describe('POST /v2/me/auth/login, lockout', () => {
  /** Ends the account's 15-minute window, as waiting would (the lock count runs for 24 h). */
  async function endWindow(email: string) {
    const row = await t.h.db
      .selectFrom('users')
      .select('password_changed_at')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    await t.limiter.reset(loginKeys('acme', email, row.password_changed_at, 'x').account);
  }

  it('locks the account at the 10th wrong password in a row: 403 accountLocked with the spec message', async () => {
    await t.addUser('victim@acme.test', PASSWORD);
    const ip = freshIp();
    for (let i = 1; i < LOGIN_LIMITS.lock.limit; i++) {
      if (i % LOGIN_LIMITS.account.limit === 1) await endWindow('victim@acme.test');
      expect((await attempt('victim@acme.test', 'wrong', ip)).statusCode, `attempt ${i}`).toBe(401);
    }
    await endWindow('victim@acme.test');
    const tenth = await attempt('victim@acme.test', 'wrong', ip);
    expect(tenth.statusCode).toBe(403);
    expect(tenth.json().error).toEqual({ code: 'accountLocked', message: LOCKED });
    const row = await t.h.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'victim@acme.test')
      .executeTakeFirstOrThrow();
    expect(row.locked_at).toBe(new Date(START).toISOString());

    // Locked: the right password is refused too, from anywhere, and never rate limited instead.
    for (let i = 0; i < 8; i++) {
      const res = await attempt('victim@acme.test', PASSWORD, freshIp());
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toEqual({ code: 'accountLocked', message: LOCKED });
    }
  });

  it('a password reset (new hash, locked_at cleared, password_changed_at set) lets the user in with fresh counts', async () => {
    await t.h.db
      .updateTable('users')
      .set({
        password_hash: await hash('new password', ARGON2_OPTIONS),
        locked_at: null,
        password_changed_at: new Date(START + 1000).toISOString(),
      })
      .where('email', '=', 'victim@acme.test')
      .execute();
    const ip = freshIp();
    expect((await attempt('victim@acme.test', 'wrong', ip)).statusCode).toBe(401);
    expect((await attempt('victim@acme.test', 'new password', ip)).statusCode).toBe(200);
  });

  it('does not lock when a successful login came between the failures', async () => {
    await t.addUser('forgetful@acme.test', PASSWORD);
    const ip = freshIp();
    for (let i = 0; i < 4; i++) await attempt('forgetful@acme.test', 'wrong', ip);
    expect((await attempt('forgetful@acme.test', PASSWORD, ip)).statusCode).toBe(200);
    for (let i = 0; i < 6; i++) {
      if (i % 4 === 0) await endWindow('forgetful@acme.test');
      expect((await attempt('forgetful@acme.test', 'wrong', ip)).statusCode).toBe(401);
    }
    await endWindow('forgetful@acme.test');
    expect((await attempt('forgetful@acme.test', PASSWORD, ip)).statusCode).toBe(200);
  });
});

describe('POST /v2/me/auth/login, expired password', () => {
  it('401s a wrong password and 403s pwdExpired for the right one once password_expires_at has passed', async () => {
    await t.addUser('stale@acme.test', PASSWORD, { password_expires_at: new Date(START).toISOString() });
    const ip = freshIp();
    expect((await attempt('stale@acme.test', 'wrong', ip)).statusCode).toBe(401);
    const res = await attempt('stale@acme.test', PASSWORD, ip);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('pwdExpired');
    const rows = await t.h.db.selectFrom('refresh_tokens').select('user_id').execute();
    expect(rows.some((r) => r.user_id === 'user-stale-acme')).toBe(false);
  });

  it('logs in while the expiry is still ahead', async () => {
    await t.addUser('fresh@acme.test', PASSWORD, {
      password_expires_at: new Date(START + 1000).toISOString(),
    });
    expect((await attempt('fresh@acme.test', PASSWORD, freshIp())).statusCode).toBe(200);
  });
});

describe('POST /v2/me/auth/login, terms of use', () => {
  it('403s unreelTerms for the right password while the terms are pending (never accepted, or before the change)', async () => {
    await t.addUser('reader@acme.test', PASSWORD, { site_uid: 'legal' });
    await t.addUser('old@acme.test', PASSWORD, {
      site_uid: 'legal',
      terms_accepted_at: '2026-01-15T00:00:00.000Z',
    });
    const ip = freshIp();
    expect((await attempt('reader@acme.test', 'wrong', ip, {}, 'legal')).statusCode).toBe(401);
    for (const email of ['reader@acme.test', 'old@acme.test']) {
      for (const extra of [{}, { terms: false }]) {
        const res = await attempt(email, PASSWORD, ip, extra, 'legal');
        expect(res.statusCode).toBe(403);
        expect(res.json().error.code).toBe('unreelTerms');
      }
    }
  });

  it('terms: true records the acceptance; later logins need no terms', async () => {
    const ip = freshIp();
    t.clock.now = START + 5000;
    try {
      const res = await attempt('reader@acme.test', PASSWORD, ip, { terms: true }, 'legal');
      expect(res.statusCode).toBe(200);
    } finally {
      t.clock.now = START;
    }
    const row = await t.h.db
      .selectFrom('users')
      .select('terms_accepted_at')
      .where('id', '=', 'user-reader-legal')
      .executeTakeFirstOrThrow();
    expect(row.terms_accepted_at).toBe(new Date(START + 5000).toISOString());
    expect((await attempt('reader@acme.test', PASSWORD, ip, {}, 'legal')).statusCode).toBe(200);
  });

  it('needs nothing from a user who accepted after the change, nor on a site without terms', async () => {
    await t.addUser('recent@acme.test', PASSWORD, {
      site_uid: 'legal',
      terms_accepted_at: new Date(Date.parse(TERMS_UPDATED_AT) + 1000).toISOString(),
    });
    const ip = freshIp();
    expect((await attempt('recent@acme.test', PASSWORD, ip, {}, 'legal')).statusCode).toBe(200);
    await t.addUser('plain@acme.test', PASSWORD);
    expect((await attempt('plain@acme.test', PASSWORD, ip)).statusCode).toBe(200);
  });
});

describe('hideAuth', () => {
  const DISABLED = { code: 'authDisabled', message: 'This site has currently disabled logins / signups' };

  it('403s authDisabled for login on a site with hideAuth, even for the right password', async () => {
    await t.addUser('shut@acme.test', PASSWORD, { site_uid: 'closed' });
    for (const password of [PASSWORD, 'wrong']) {
      const res = await attempt('shut@acme.test', password, freshIp(), {}, 'closed');
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toEqual(DISABLED);
    }
  });

  it('403s authDisabled for signup on a site with hideAuth, with or without a solved captcha', async () => {
    const body = {
      firstName: 'New',
      lastName: 'Comer',
      email: 'newcomer@acme.test',
      password: 'secret6',
      site: 'closed',
      terms: true,
    };
    for (const res of [
      await t.signup(body),
      await t.post('/v2/me/auth/signup', { ...body, captchaToken: 'unsolved' }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toEqual(DISABLED);
    }
  });
});
