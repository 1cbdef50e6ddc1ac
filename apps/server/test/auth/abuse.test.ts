import { hash } from '@node-rs/argon2';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryRateLimiter, createRedisRateLimiter } from '../../src/infra/rate-limiter';
import { ARGON2_OPTIONS } from '../../src/modules/auth/auth.service';
import { createLoginGuard, LOGIN_LIMITS, loginKeys } from '../../src/modules/auth/login-guard';
import { countingPasswordHasher } from '../support/counting-hasher';
import { authHarness, solvedCaptcha, START, TERMS_UPDATED_AT } from './fixtures';

/** Real argon2, counted: every password verify of the app goes through it. */
const { passwords, counter } = countingPasswordHasher();

let t: Awaited<ReturnType<typeof authHarness>>;
beforeAll(async () => {
  t = await authHarness({
    context: { passwords },
  });
});
afterAll(() => t.h.close());
beforeEach(() => {
  counter.verifies = 0;
});

const LOCKED =
  'Welcome back! Your account has been locked for security reasons and your password needs to be reset';
const PASSWORD = 'right password';
let ipCounter = 0;
/** A client address no other test uses, so per-IP budgets do not leak between tests. */
const freshIp = () => `198.51.100.${++ipCounter}`;

const attempt = (email: string, password: string, ip: string, extra: object = {}, site = 'acme') =>
  t.login({ email, password, site, ...extra }, ip);
/** An attempt with a freshly solved captcha, as the login form sends after 403 captchaRequired. */
const withCaptcha = async (email: string, password: string, ip: string) =>
  attempt(email, password, ip, { captchaToken: await solvedCaptcha(t.h.app) });
const codeOf = (res: Awaited<ReturnType<typeof attempt>>) =>
  res.statusCode === 200 ? 'ok' : (res.json().error.code as string);
/** Answers of attempts stopped before any verify. */
const refusedBeforeVerify = (codes: string[]) =>
  codes.filter((c) => c === 'captchaRequired' || c === 'rateLimited');
const userRow = (email: string) =>
  t.h.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();

describe('login limits: every slot is reserved before the verify', () => {
  it('a concurrent burst of 60 wrong passwords from one IP over 60 e-mails runs at most 20 verifies (the IP challenge)', async () => {
    const ip = freshIp();
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => attempt(`spray-burst${i}@acme.test`, 'wrong', ip)),
    );
    const codes = answers.map(codeOf);
    expect(counter.verifies).toBe(LOGIN_LIMITS.ip.challengeAt);
    expect(codes.filter((c) => c === 'invalidCredentials')).toHaveLength(LOGIN_LIMITS.ip.challengeAt);
    // The rest never verified: they need the captcha (or, while the burst's own reservations
    // still count, the IP is briefly over its 429 limit).
    expect(refusedBeforeVerify(codes)).toHaveLength(60 - LOGIN_LIMITS.ip.challengeAt);
  });

  it('a concurrent burst of 40 on one account from one IP runs 3 verifies; the rest need the captcha', async () => {
    await t.addUser('burst@acme.test', PASSWORD);
    const ip = freshIp();
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => attempt('burst@acme.test', 'wrong', ip)),
    );
    const codes = answers.map(codeOf);
    expect(counter.verifies).toBe(LOGIN_LIMITS.ipAccount.challengeAt);
    expect(codes.filter((c) => c === 'invalidCredentials')).toHaveLength(LOGIN_LIMITS.ipAccount.challengeAt);
    expect(refusedBeforeVerify(codes)).toHaveLength(40 - LOGIN_LIMITS.ipAccount.challengeAt);
  });

  // The guard itself, on a limiter of each kind: 300 reservations at once from one IP (each with a
  // solved captcha, so only the 429 limit stops them) let exactly `limit` through to a verify.
  for (const [name, make] of [
    ['memory', () => createMemoryRateLimiter(() => START)],
    ...(process.env.REDIS_URL
      ? [
          [
            'redis',
            () => createRedisRateLimiter(process.env.REDIS_URL!, `test:${process.pid}:guard:`),
          ] as const,
        ]
      : []),
  ] as const) {
    it(`${name} limiter: of 300 concurrent reservations from one IP, exactly ${LOGIN_LIMITS.ip.limit} pass`, async () => {
      const limiter = make();
      try {
        const guard = createLoginGuard(limiter);
        const ip = `203.0.113.${Math.floor(Math.random() * 250)}-${Date.now()}`;
        const outcomes = await Promise.all(
          Array.from({ length: 300 }, (_, i) =>
            guard.reserve(loginKeys('acme', `guess${i}@acme.test`, null, ip)).then(
              () => 'verify',
              (err: { statusCode?: number }) => String(err.statusCode),
            ),
          ),
        );
        expect(outcomes.filter((o) => o === 'verify')).toHaveLength(LOGIN_LIMITS.ip.limit);
        expect(outcomes.filter((o) => o === '429')).toHaveLength(300 - LOGIN_LIMITS.ip.limit);
        // Refused reservations gave their slots back: the IP holds exactly the admitted ones.
        expect((await limiter.peek(loginKeys('acme', 'x', null, ip).ip, LOGIN_LIMITS.ip)).count).toBe(
          LOGIN_LIMITS.ip.limit,
        );
      } finally {
        await limiter.close();
      }
    });
  }
});

describe('login limits: failures slow and challenge their source', () => {
  it('answers an unknown e-mail exactly like a known one: 401 three times, then 403 captchaRequired', async () => {
    const ip = freshIp();
    const known = [];
    const unknown = [];
    await t.addUser('known@acme.test', PASSWORD);
    for (let i = 0; i <= LOGIN_LIMITS.ipAccount.challengeAt; i++) {
      known.push((await attempt('known@acme.test', 'wrong', ip)).json());
      unknown.push((await attempt('ghost@acme.test', 'wrong', ip)).json());
    }
    expect(unknown.map((b) => b.error.code)).toEqual([
      ...Array(LOGIN_LIMITS.ipAccount.challengeAt).fill('invalidCredentials'),
      'captchaRequired',
    ]);
    expect(unknown[LOGIN_LIMITS.ipAccount.challengeAt].error).toEqual({
      code: 'captchaRequired',
      message: 'Too many failed login attempts: please solve the captcha to continue',
      field: 'captchaToken',
    });
    expect(unknown).toEqual(known);
  });

  it('an attempt without the captcha runs no verify and does not count; a wrong captcha is 400 captchaToken', async () => {
    await t.addUser('patient@acme.test', PASSWORD);
    const ip = freshIp();
    for (let i = 0; i < LOGIN_LIMITS.ipAccount.challengeAt; i++)
      await attempt('patient@acme.test', 'wrong', ip);
    counter.verifies = 0;
    for (let i = 0; i < 20; i++)
      expect(codeOf(await attempt('patient@acme.test', PASSWORD, ip))).toBe('captchaRequired');
    const bad = await attempt('patient@acme.test', PASSWORD, ip, { captchaToken: 'not solved' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.field).toBe('captchaToken');
    expect(counter.verifies).toBe(0);
    // None of those used the source's budget: the right password with the captcha gets in.
    expect((await withCaptcha('patient@acme.test', PASSWORD, ip)).statusCode).toBe(200);
  });

  it('429s rateLimited with Retry-After once one IP has 10 failures on an account; other sources are unaffected', async () => {
    await t.addUser('limited@acme.test', PASSWORD);
    const ip = freshIp();
    for (let i = 1; i <= LOGIN_LIMITS.ipAccount.limit; i++) {
      const res =
        i <= LOGIN_LIMITS.ipAccount.challengeAt
          ? await attempt('limited@acme.test', 'wrong', ip)
          : await withCaptcha('limited@acme.test', 'wrong', ip);
      expect(codeOf(res), `attempt ${i}`).toBe('invalidCredentials');
    }
    counter.verifies = 0;
    const res = await withCaptcha('limited@acme.test', PASSWORD, ip);
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('rateLimited');
    expect(res.json().error.message).toBe('Too many failed login attempts. Please try again in 15 minutes.');
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(counter.verifies).toBe(0);
    expect((await withCaptcha('limited@acme.test', PASSWORD, freshIp())).statusCode).toBe(200);
  });

  it('challenges an IP after 20 failures over any accounts and 429s it after 50; other IPs are unaffected', async () => {
    const ip = freshIp();
    const emails = Array.from({ length: 10 }, (_, i) => `spray${i}@acme.test`);
    for (const email of emails)
      for (let i = 0; i < LOGIN_LIMITS.ip.challengeAt / emails.length; i++)
        expect(codeOf(await attempt(email, 'wrong', ip))).toBe('invalidCredentials');
    await t.addUser('neighbour@acme.test', PASSWORD);
    expect(codeOf(await attempt('neighbour@acme.test', PASSWORD, ip))).toBe('captchaRequired');
    expect((await withCaptcha('neighbour@acme.test', PASSWORD, ip)).statusCode).toBe(200);
    // The other 30 failures the IP may make with solved captchas, counted straight into its window.
    const { ip: ipKey } = loginKeys('acme', 'any', null, ip);
    for (let i = LOGIN_LIMITS.ip.challengeAt; i < LOGIN_LIMITS.ip.limit; i++)
      await t.limiter.hit(ipKey, LOGIN_LIMITS.ip);
    const refused = await withCaptcha('neighbour@acme.test', PASSWORD, ip);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await attempt('neighbour@acme.test', PASSWORD, freshIp())).statusCode).toBe(200);
  });

  it('refuses an IP at its limit before reading the body: 429 even for a malformed login, 400 for others', async () => {
    const ip = freshIp();
    const { ip: ipKey } = loginKeys('acme', 'any', null, ip);
    for (let i = 0; i < LOGIN_LIMITS.ip.limit; i++) await t.limiter.hit(ipKey, LOGIN_LIMITS.ip);
    const malformed = { site: 'acme', email: 'not an e-mail' };
    const refused = await t.login(malformed, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('rateLimited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await t.login(malformed, freshIp())).statusCode).toBe(400);
    // The early check counts nothing: the IP stays exactly at its limit.
    expect((await t.limiter.peek(ipKey, LOGIN_LIMITS.ip)).count).toBe(LOGIN_LIMITS.ip.limit);
    expect(counter.verifies).toBe(0);
  });

  it.skipIf(!!process.env.REDIS_URL)(
    'lets the IP try again once its 15-minute window has ended',
    async () => {
      await t.addUser('waiting@acme.test', PASSWORD);
      const ip = freshIp();
      const { ip: ipKey } = loginKeys('acme', 'any', null, ip);
      for (let i = 0; i < LOGIN_LIMITS.ip.limit; i++) await t.limiter.hit(ipKey, LOGIN_LIMITS.ip);
      expect((await withCaptcha('waiting@acme.test', PASSWORD, ip)).statusCode).toBe(429);
      t.clock.now = START + 15 * 60_000;
      try {
        expect((await attempt('waiting@acme.test', PASSWORD, ip)).statusCode).toBe(200);
      } finally {
        t.clock.now = START;
      }
    },
  );
});

describe('login limits: no stranger can lock the owner out', () => {
  it('after 12 wrong passwords from other IPs every attempt needs the captcha; the owner gets in with it', async () => {
    await t.addUser('victim@acme.test', PASSWORD);
    const strangers = [freshIp(), freshIp(), freshIp(), freshIp()];
    let n = 0;
    for (const ip of strangers)
      for (let i = 0; i < 3; i++) {
        n++;
        // Past the account's own threshold every source needs the captcha, even a new one.
        const res =
          n <= LOGIN_LIMITS.account.challengeAt
            ? await attempt('victim@acme.test', 'wrong', ip)
            : await withCaptcha('victim@acme.test', 'wrong', ip);
        expect(codeOf(res), `stranger attempt ${n}`).toBe('invalidCredentials');
      }
    expect(codeOf(await attempt('victim@acme.test', 'wrong', freshIp()))).toBe('captchaRequired');

    const owner = freshIp();
    const refused = await attempt('victim@acme.test', PASSWORD, owner);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('captchaRequired');
    expect((await withCaptcha('victim@acme.test', PASSWORD, owner)).statusCode).toBe(200);
    expect((await userRow('victim@acme.test')).locked_at).toBeNull();
  });

  it("a success gives its source a fresh budget on the account, but not the account's count to a guesser", async () => {
    await t.addUser('typo@acme.test', PASSWORD);
    const ip = freshIp();
    for (let i = 0; i < 3; i++)
      expect(codeOf(await attempt('typo@acme.test', 'wrong', ip))).toBe('invalidCredentials');
    expect((await withCaptcha('typo@acme.test', PASSWORD, ip)).statusCode).toBe(200);
    // The source starts again (3 free attempts), the account keeps its 3 failures (5 free in all).
    for (let i = 0; i < 2; i++)
      expect(codeOf(await attempt('typo@acme.test', 'wrong', ip))).toBe('invalidCredentials');
    expect(codeOf(await attempt('typo@acme.test', 'wrong', ip))).toBe('captchaRequired');
    expect(codeOf(await attempt('typo@acme.test', PASSWORD, freshIp()))).toBe('captchaRequired');
  });

  it('an account locked by an operator answers 403 accountLocked with the spec message, captcha or not, and never verifies', async () => {
    await t.addUser('frozen@acme.test', PASSWORD, { locked_at: new Date(START).toISOString() });
    for (const res of [
      await attempt('frozen@acme.test', PASSWORD, freshIp()),
      await withCaptcha('frozen@acme.test', PASSWORD, freshIp()),
      await attempt('frozen@acme.test', 'wrong', freshIp()),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toEqual({ code: 'accountLocked', message: LOCKED });
    }
    expect(counter.verifies).toBe(0);
  });

  it('a password reset (new hash, locked_at cleared, password_changed_at set) lets the user in with fresh counts', async () => {
    await t.h.db
      .updateTable('users')
      .set({
        password_hash: await hash('new password', ARGON2_OPTIONS),
        locked_at: null,
        password_changed_at: new Date(START + 1000).toISOString(),
      })
      .where('email', '=', 'frozen@acme.test')
      .execute();
    const ip = freshIp();
    expect((await attempt('frozen@acme.test', 'wrong', ip)).statusCode).toBe(401);
    expect((await attempt('frozen@acme.test', 'new password', ip)).statusCode).toBe(200);
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
