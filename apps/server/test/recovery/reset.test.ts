import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/modules/recovery/recovery-limits';
import { PASSWORD, recoveryHarness, START } from './fixtures';

let t: Awaited<ReturnType<typeof recoveryHarness>>;
beforeAll(async () => {
  t = await recoveryHarness();
});
afterAll(() => t.close());

const HOUR = 3600_000;
const requestReset = (body: object, ip?: string) => t.request('POST', '/api/reset/pw', body, { ip });
const codeInfo = (code: string) => t.request('GET', `/api/reset/pw/${code}`);
const setPassword = (code: string, body: object, ip?: string) =>
  t.request('PATCH', `/api/reset/pw/${code}`, body, { ip });

/** Asks for a reset of `email` on acme and returns the mailed code. */
async function mailedCode(email: string, extra: object = {}) {
  const res = await requestReset(
    { email, site: 'acme', ...extra },
    `10.1.${Math.floor(Math.random() * 250)}.1`,
  );
  expect(res.statusCode).toBe(204);
  return t.resetLink(email);
}

describe('POST /api/reset/pw, refusals', () => {
  it('400s naming the e-mail when it is missing or malformed', async () => {
    for (const [body, message] of [
      [{ site: 'acme' }, 'Email is required'],
      [{ email: 'not-an-email', site: 'acme' }, 'Invalid email'],
    ] as const) {
      const res = await requestReset(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.field).toBe('email');
      expect(res.json().error.message).toContain(message);
    }
  });

  it('403s authDisabled on a site with logins turned off (hideAuth)', async () => {
    await t.user({ email: 'shut@closed.test', site: 'closed' });
    const res = await requestReset({ email: 'shut@closed.test', site: 'closed' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({
      code: 'authDisabled',
      message: 'This site has currently disabled logins / signups',
    });
    const expired = await t.request('POST', '/api/reset/pw/expired', {
      email: 'shut@closed.test',
      password: PASSWORD,
      newPassword: 'secret6',
      site: 'closed',
    });
    expect(expired.statusCode).toBe(403);
  });

  it('404s for an unknown site', async () => {
    const res = await requestReset({ email: 'a@b.test', site: 'nope' });
    expect(res.statusCode).toBe(404);
  });

  it('answers 204 for an e-mail without an account and mails nobody', async () => {
    const res = await requestReset({ email: 'ghost@acme.test', site: 'acme' });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(t.sink.mails.some((m) => m.to.includes('ghost@acme.test'))).toBe(false);
  });

  it('answers 204 without mail for an account of another site', async () => {
    await t.user({ email: 'elsewhere@other.test', site: 'other' });
    const res = await requestReset({ email: 'elsewhere@other.test', site: 'acme' });
    expect(res.statusCode).toBe(204);
    expect(t.sink.mails.some((m) => m.to.includes('elsewhere@other.test'))).toBe(false);
  });

  it('429s with a message and Retry-After after 3 requests for one e-mail, from any IP', async () => {
    await t.user({ email: 'often@acme.test' });
    for (let i = 0; i < LIMITS.resetPerEmail.limit; i++) {
      const res = await requestReset({ email: 'often@acme.test', site: 'acme' }, `10.2.0.${i + 1}`);
      expect(res.statusCode).toBe(204);
    }
    const res = await requestReset({ email: 'Often@acme.test', site: 'acme' }, '10.2.0.99');
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toMatchObject({
      code: 'rateLimited',
      message: 'Too many password reset requests. Please try again later',
    });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Unknown e-mails are limited the same way, so the limit tells nothing about accounts.
    for (let i = 0; i < LIMITS.resetPerEmail.limit; i++)
      await requestReset({ email: 'nobody-often@acme.test', site: 'acme' }, `10.3.0.${i + 1}`);
    expect(
      (await requestReset({ email: 'nobody-often@acme.test', site: 'acme' }, '10.3.0.99')).statusCode,
    ).toBe(429);
  });

  it('429s after 20 requests from one IP across e-mails', async () => {
    for (let i = 0; i < LIMITS.resetPerIp.limit; i++) {
      const res = await requestReset({ email: `spray${i}@acme.test`, site: 'acme' }, '10.4.0.1');
      expect(res.statusCode).toBe(204);
    }
    const res = await requestReset({ email: 'spray-last@acme.test', site: 'acme' }, '10.4.0.1');
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('rateLimited');
  });
});

describe('GET and PATCH /api/reset/pw/{code}, refusals', () => {
  it('404s invalidResetCode for an unknown code', async () => {
    for (const res of [
      await codeInfo('no-such-code'),
      await setPassword('no-such-code', { password: 'secret6', confirm: 'secret6' }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toEqual({
        code: 'invalidResetCode',
        message: 'Reset code is invalid or expired',
      });
    }
  });

  it('400s "Password must be atleast 6 characters" (password) and "Passwords do not match" (confirm)', async () => {
    await t.user({ email: 'validate@acme.test' });
    const { code } = await mailedCode('validate@acme.test');
    const cases = [
      [{ password: '12345', confirm: '12345' }, 'password', 'Password must be atleast 6 characters'],
      [{ password: 'secret6', confirm: 'secret7' }, 'confirm', 'Passwords do not match'],
    ] as const;
    for (const [body, field, message] of cases) {
      const res = await setPassword(code, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ field, message });
    }
    for (const [body, field] of [
      [{ confirm: 'secret6' }, 'password'],
      [{ password: 'secret6' }, 'confirm'],
    ] as const) {
      const res = await setPassword(code, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.field).toBe(field);
    }
    // Refused attempts do not spend the code.
    expect((await codeInfo(code)).json()).toEqual({ email: 'validate@acme.test' });
  });

  it('404s once the code has expired (1 h)', async () => {
    await t.user({ email: 'late@acme.test' });
    const { code } = await mailedCode('late@acme.test');
    t.clock.now += HOUR + 1;
    try {
      expect((await codeInfo(code)).statusCode).toBe(404);
      const res = await setPassword(code, { password: 'secret6', confirm: 'secret6' });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('invalidResetCode');
    } finally {
      t.clock.now = START;
    }
  });

  it('404s for an older link once a newer one was requested', async () => {
    await t.user({ email: 'twice@acme.test' });
    const first = await mailedCode('twice@acme.test');
    const second = await mailedCode('twice@acme.test');
    expect(first.code).not.toBe(second.code);
    expect((await codeInfo(first.code)).statusCode).toBe(404);
    expect((await codeInfo(second.code)).json()).toEqual({ email: 'twice@acme.test' });
  });

  it('404s for a spent code; of two concurrent PATCHes exactly one succeeds', async () => {
    const u = await t.user({ email: 'race@acme.test' });
    const { code } = await mailedCode('race@acme.test');
    const [a, b] = await Promise.all([
      setPassword(code, { password: 'first-pass', confirm: 'first-pass' }),
      setPassword(code, { password: 'second-pass', confirm: 'second-pass' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 404]);
    const winner = a.statusCode === 200 ? 'first-pass' : 'second-pass';
    const again = await setPassword(code, { password: 'third-pass', confirm: 'third-pass' });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.code).toBe('invalidResetCode');
    expect((await codeInfo(code)).statusCode).toBe(404);
    expect((await t.login(u.email, winner)).statusCode).toBe(200);
  });
});

describe('password reset by mail', () => {
  it('mails "Reset your password" with {origin}/reset-pw/{code}; the code resets, signs in and ends other sessions', async () => {
    const u = await t.user({
      email: 'forgot@acme.test',
      lockedAt: START - HOUR,
      passwordExpiresAt: START - HOUR,
    });
    // An existing session, to be revoked by the reset.
    const oldRefresh = `old-${u.id}`;
    await t.h.db
      .insertInto('refresh_tokens')
      .values({
        id: 'rt-forgot',
        site_uid: 'acme',
        user_id: u.id,
        family_id: 'fam-forgot',
        token_hash: oldRefresh,
        created_at: new Date(START).toISOString(),
        expires_at: new Date(START + 30 * 24 * HOUR).toISOString(),
        used_at: null,
        replaced_by: null,
        revoked_at: null,
        user_agent: null,
        ip: null,
        device_type: 'web',
      })
      .execute();

    const res = await t.request(
      'POST',
      '/api/reset/pw?__site=acme',
      { email: ' Forgot@ACME.test ' },
      { ip: '10.5.0.1' },
    );
    expect(res.statusCode).toBe(204);
    const { mail, origin, code } = await t.resetLink('forgot@acme.test');
    expect(mail.subject).toBe('Reset your password');
    expect(mail.text).toContain('Acme TV');
    expect(origin).toBe('https://tv.acme.test');
    expect(code).toMatch(/^[\w-]{43}$/);
    const stored = await t.h.db
      .selectFrom('one_time_codes')
      .selectAll()
      .where('user_id', '=', u.id)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ kind: 'reset', expires_at: new Date(START + HOUR).toISOString() });
    expect(stored[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]!.code_hash).not.toContain(code);

    expect((await codeInfo(code)).json()).toEqual({ email: 'forgot@acme.test' });
    const done = await setPassword(code, { password: 'brand-new', confirm: 'brand-new' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      expiresIn: 900,
      user: { id: u.id, email: 'forgot@acme.test' },
      redirectLogin: false,
      resetPassword: false,
      automaticResetPassword: false,
    });
    const me = await t.request('GET', '/v2/me/info', undefined, { token: done.json().token });
    expect(me.json().email).toBe('forgot@acme.test');

    const row = await t.userRow(u.id);
    expect(row).toMatchObject({ locked_at: null, password_expires_at: null });
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_changed_at).toBe(new Date(START).toISOString());
    const old = await t.h.db
      .selectFrom('refresh_tokens')
      .selectAll()
      .where('id', '=', 'rt-forgot')
      .executeTakeFirstOrThrow();
    expect(old.revoked_at).not.toBeNull();
    // The new session survives; the old password is gone.
    const live = await t.h.db
      .selectFrom('refresh_tokens')
      .select('id')
      .where('user_id', '=', u.id)
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toHaveLength(1);
    expect((await t.login(u.email, PASSWORD)).statusCode).toBe(401);
    expect((await t.login(u.email, 'brand-new')).statusCode).toBe(200);
  });

  it('points the link at callbackHost when it is one of the site hosts, never at a foreign one', async () => {
    await t.user({ email: 'hosts@acme.test' });
    const own = await mailedCode('hosts@acme.test', { callbackHost: 'http://tv.acme.test:5173' });
    expect(own.origin).toBe('http://tv.acme.test:5173');
    const foreign = await mailedCode('hosts@acme.test', { callbackHost: 'https://evil.test' });
    expect(foreign.origin).toBe('https://tv.acme.test');
    const notAUrl = await mailedCode('hosts@acme.test', { callbackHost: 'javascript:alert(1)' });
    expect(notAUrl.origin).toBe('https://tv.acme.test');
  });

  it('takes the origin from the request (protocol and Host) and the site from the host name', async () => {
    await t.user({ email: 'byhost@acme.test' });
    const res = await t.request(
      'POST',
      '/api/reset/pw',
      { email: 'byhost@acme.test' },
      { host: 'tv.acme.test:8080' },
    );
    expect(res.statusCode).toBe(204);
    expect((await t.resetLink('byhost@acme.test')).origin).toBe('http://tv.acme.test:8080');
  });

  it('on a site without listed hosts, uses callbackHost as given', async () => {
    await t.user({ email: 'free@other.test', site: 'other' });
    const res = await requestReset({
      email: 'free@other.test',
      site: 'other',
      callbackHost: 'https://watch.other.test/x',
    });
    expect(res.statusCode).toBe(204);
    expect((await t.resetLink('free@other.test')).origin).toBe('https://watch.other.test');
  });
});

describe('POST /api/reset/pw/expired', () => {
  const EXPIRED = '/api/reset/pw/expired';
  const expiredReset = (body: object, ip = '10.6.0.1') =>
    t.request('POST', EXPIRED, { site: 'acme', ...body }, { ip });

  it('400s for missing fields and a short new password', async () => {
    for (const [body, field] of [
      [{ password: PASSWORD, newPassword: 'secret6' }, 'email'],
      [{ email: 'x@acme.test', newPassword: 'secret6' }, 'password'],
      [{ email: 'x@acme.test', password: PASSWORD }, 'newPassword'],
    ] as const) {
      const res = await expiredReset(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.field).toBe(field);
    }
    const res = await expiredReset({ email: 'x@acme.test', password: PASSWORD, newPassword: '12345' });
    expect(res.json().error).toMatchObject({
      field: 'newPassword',
      message: 'Password must be atleast 6 characters',
    });
  });

  it('401s invalidCredentials for a wrong password and an unknown e-mail alike', async () => {
    await t.user({ email: 'exp-wrong@acme.test', passwordExpiresAt: START - HOUR });
    const wrong = await expiredReset({
      email: 'exp-wrong@acme.test',
      password: 'nope-nope',
      newPassword: 'secret6',
    });
    const unknown = await expiredReset({
      email: 'exp-none@acme.test',
      password: PASSWORD,
      newPassword: 'secret6',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      error: { code: 'invalidCredentials', message: 'Invalid email or password' },
    });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('409s when the password has not expired (not yet, or never)', async () => {
    await t.user({ email: 'exp-future@acme.test', passwordExpiresAt: START + HOUR });
    await t.user({ email: 'exp-never@acme.test' });
    for (const email of ['exp-future@acme.test', 'exp-never@acme.test']) {
      const res = await expiredReset({ email, password: PASSWORD, newPassword: 'secret6' });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('pwdNotExpired');
    }
  });

  it('400s when the new password equals the current one', async () => {
    await t.user({ email: 'exp-same@acme.test', passwordExpiresAt: START - HOUR });
    const res = await expiredReset({
      email: 'exp-same@acme.test',
      password: PASSWORD,
      newPassword: PASSWORD,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.field).toBe('newPassword');
  });

  it('403s accountLocked for a locked account (only a mailed reset unlocks it)', async () => {
    await t.user({ email: 'exp-locked@acme.test', passwordExpiresAt: START - HOUR, lockedAt: START - HOUR });
    const res = await expiredReset({
      email: 'exp-locked@acme.test',
      password: PASSWORD,
      newPassword: 'secret6',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('accountLocked');
  });

  it('429s after 5 wrong passwords for one account, even with the right one', async () => {
    await t.user({ email: 'exp-guess@acme.test', passwordExpiresAt: START - HOUR });
    for (let i = 0; i < LIMITS.expiredPerAccount.limit; i++) {
      const res = await expiredReset(
        { email: 'exp-guess@acme.test', password: `guess-${i}`, newPassword: 'secret6' },
        `10.7.0.${i + 1}`,
      );
      expect(res.statusCode).toBe(i + 1 > LIMITS.expiredPerAccount.limit ? 429 : 401);
    }
    const res = await expiredReset(
      { email: 'exp-guess@acme.test', password: PASSWORD, newPassword: 'secret6' },
      '10.7.1.1',
    );
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('rateLimited');
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('sets the new password, clears the expiry and signs in', async () => {
    const u = await t.user({ email: 'exp-ok@acme.test', passwordExpiresAt: START - 1 });
    const res = await expiredReset({
      email: 'EXP-OK@acme.test',
      password: PASSWORD,
      newPassword: 'fresh-pass',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe('exp-ok@acme.test');
    expect(res.json().refreshToken).toEqual(expect.any(String));
    const row = await t.userRow(u.id);
    expect(row.password_expires_at).toBeNull();
    expect((await t.login(u.email, 'fresh-pass')).statusCode).toBe(200);
    // Done once: the password is no longer expired.
    const again = await expiredReset({ email: u.email, password: 'fresh-pass', newPassword: 'other-pass' });
    expect(again.statusCode).toBe(409);
  });
});
