import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/modules/recovery/recovery-limits';
import { PASSWORD, recoveryHarness, START } from './fixtures';

let t: Awaited<ReturnType<typeof recoveryHarness>>;
let admin: Awaited<ReturnType<typeof t.user>>;
beforeAll(async () => {
  t = await recoveryHarness();
  admin = await t.user({ email: 'admin@acme.test', roles: ['admin'] });
});
afterAll(() => t.close());

const DAY = 24 * 3600_000;
const issueLink = async (email: string, token?: string, site = 'acme') =>
  t.request('POST', `/v2/sites/${site}/autologin`, { email }, { token });
const useLink = (code: string, ip = '10.0.1.1', site = 'acme') =>
  t.request('POST', `/v2/sites/${site}/autologin/${code}`, undefined, { ip });
const setLinkPassword = (code: string, body: object, ip = '10.0.1.1') =>
  t.request('POST', `/v2/sites/acme/autologin/${code}/password`, body, { ip });
const issuePasscode = async (email: string, token?: string, site = 'acme') =>
  t.request('POST', `/v2/sites/${site}/passcodes`, { email }, { token });
const passcodeLogin = (body: object, ip = '10.0.2.1') =>
  t.request('POST', '/passcode-login', { site: 'acme', ...body }, { ip });

/** A fresh autologin code for `email`, issued by the acme admin. */
async function linkFor(email: string) {
  const res = await issueLink(email, await admin.token());
  expect(res.statusCode).toBe(201);
  return res.json().code as string;
}
async function passcodeFor(email: string) {
  const res = await issuePasscode(email, await admin.token());
  expect(res.statusCode).toBe(201);
  return res.json().passcode as string;
}

describe('issuing autologin links and passcodes, refusals', () => {
  it('401s without a bearer token', async () => {
    expect((await issueLink('x@acme.test')).statusCode).toBe(401);
    expect((await issuePasscode('x@acme.test')).statusCode).toBe(401);
  });

  it('403s for a signed-in user who is not an admin, or an admin of another site', async () => {
    const viewer = await t.user({ email: 'viewer@acme.test', roles: ['staff'] });
    const otherAdmin = await t.user({ email: 'admin@other.test', site: 'other', roles: ['admin'] });
    for (const token of [await viewer.token(), await otherAdmin.token()]) {
      for (const res of [
        await issueLink('viewer@acme.test', token),
        await issuePasscode('viewer@acme.test', token),
      ]) {
        expect(res.statusCode).toBe(403);
        expect(res.json().error.code).toBe('forbidden');
      }
    }
  });

  it('400s for a missing or malformed e-mail; 404s for an unknown user or site', async () => {
    const token = await admin.token();
    for (const url of ['/v2/sites/acme/autologin', '/v2/sites/acme/passcodes']) {
      for (const body of [{}, { email: 'nope' }]) {
        const res = await t.request('POST', url, body, { token });
        expect(res.statusCode).toBe(400);
        expect(res.json().error.field).toBe('email');
      }
      const unknown = await t.request('POST', url, { email: 'ghost@acme.test' }, { token });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error).toMatchObject({ code: 'userNotFound', field: 'email' });
    }
    expect((await issueLink('admin@acme.test', token, 'nope')).statusCode).toBe(404);
  });
});

describe('POST /v2/sites/{site}/autologin/{code}, refusals', () => {
  it('answers status 0 for an unknown code and for a code of another site', async () => {
    await t.user({ email: 'wrong-site@acme.test' });
    const code = await linkFor('wrong-site@acme.test');
    expect((await useLink('unknown-code', '10.1.0.1')).json()).toEqual({ status: 0 });
    const res = await useLink(code, '10.1.0.1', 'other');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 0 });
  });

  it('403s authDisabled for links and passcodes of a site with logins turned off (hideAuth)', async () => {
    const closedAdmin = await t.user({ email: 'admin@closed.test', site: 'closed', roles: ['admin'] });
    await t.user({ email: 'shut@closed.test', site: 'closed' });
    const link = await issueLink('shut@closed.test', await closedAdmin.token(), 'closed');
    expect(link.statusCode).toBe(201);
    const passcode = await issuePasscode('shut@closed.test', await closedAdmin.token(), 'closed');
    for (const res of [
      await useLink(link.json().code, '10.1.5.1', 'closed'),
      await passcodeLogin({ passcode: passcode.json().passcode, site: 'closed' }, '10.1.5.1'),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('authDisabled');
    }
  });

  it("answers status 0 with expired: true after 30 days (only on the link's own site)", async () => {
    await t.user({ email: 'stale@acme.test' });
    const code = await linkFor('stale@acme.test');
    t.clock.now = START + 30 * DAY + 1;
    try {
      expect((await useLink(code, '10.1.1.1')).json()).toEqual({ status: 0, expired: true });
      expect((await useLink(code, '10.1.1.1', 'other')).json()).toEqual({ status: 0 });
      expect((await useLink('never-issued', '10.1.1.1')).json()).toEqual({ status: 0 });
    } finally {
      t.clock.now = START;
    }
    expect((await useLink(code, '10.1.1.1')).json().status).toBe(2);
  });

  it('429s "Too many failed attempts" after 10 failures from one IP, even for a valid code', async () => {
    await t.user({ email: 'brute@acme.test' });
    const code = await linkFor('brute@acme.test');
    for (let i = 0; i < LIMITS.codeFailuresPerIp.limit; i++)
      expect((await useLink(`guess-${i}`, '10.1.2.1')).json()).toEqual({ status: 0 });
    for (const res of [await useLink('guess-x', '10.1.2.1'), await useLink(code, '10.1.2.1')]) {
      expect(res.statusCode).toBe(429);
      expect(res.json().error).toEqual({ code: 'rateLimited', message: 'Too many failed attempts' });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Other clients are not affected.
    expect((await useLink(code, '10.1.2.2')).json().status).toBe(2);
  });

  it('counts every attempt before the lookup: the 31st use of a good link from one IP in 15 min is refused', async () => {
    await t.user({ email: 'busy@acme.test' });
    const code = await linkFor('busy@acme.test');
    const uses = await Promise.all(
      Array.from({ length: LIMITS.codeAttemptsPerIp.limit + 1 }, () => useLink(code, '10.1.4.1')),
    );
    const statuses = uses.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(LIMITS.codeAttemptsPerIp.limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
  });

  it('/password: 400s for a short password, status 0 for a bad code, 409 when the account has a password', async () => {
    await t.user({ email: 'haspw@acme.test' });
    const code = await linkFor('haspw@acme.test');
    const short = await setLinkPassword(code, { password: '12345' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toMatchObject({
      field: 'password',
      message: 'Password must be atleast 6 characters',
    });
    expect((await setLinkPassword(code, {})).json().error.field).toBe('password');
    expect((await setLinkPassword('unknown', { password: 'secret6' }, '10.1.3.1')).json()).toEqual({
      status: 0,
    });
    const taken = await setLinkPassword(code, { password: 'secret6' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('passwordAlreadySet');
    expect((await t.login('haspw@acme.test', PASSWORD)).statusCode).toBe(200);
  });
});

describe('autologin links', () => {
  it('issues {code, url} and signs in with status 2, again and again until it expires', async () => {
    const u = await t.user({ email: 'linked@acme.test' });
    const res = await t.request(
      'POST',
      '/v2/sites/acme/autologin',
      { email: 'Linked@acme.test', callbackHost: 'https://tv.acme.test' },
      { token: await admin.token() },
    );
    expect(res.statusCode).toBe(201);
    const { code, url, expiresAt } = res.json();
    expect(url).toBe(`https://tv.acme.test/autologin/${code}`);
    expect(expiresAt).toBe(new Date(START + 30 * DAY).toISOString());
    const row = await t.h.db
      .selectFrom('one_time_codes')
      .selectAll()
      .where('user_id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(row.kind).toBe('autologin');
    expect(row.code_hash).not.toBe(code);

    for (let i = 0; i < 2; i++) {
      const used = await useLink(code);
      expect(used.statusCode).toBe(200);
      expect(used.json()).toMatchObject({
        status: 2,
        expiresIn: 900,
        user: { id: u.id, email: 'linked@acme.test' },
      });
      const me = await t.request('GET', '/v2/me/info', undefined, { token: used.json().token });
      expect(me.json().id).toBe(u.id);
    }
  });

  it('answers status 1 for a user without a password, sets it through /password, then status 2', async () => {
    const u = await t.user({ email: 'nopw@acme.test', password: null });
    const code = await linkFor('nopw@acme.test');
    expect((await useLink(code)).json()).toEqual({ status: 1 });
    const set = await setLinkPassword(code, { password: 'chosen-pw' });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ status: 2, user: { id: u.id } });
    expect(set.json().token).toEqual(expect.any(String));
    expect((await t.login('nopw@acme.test', 'chosen-pw')).statusCode).toBe(200);
    expect((await useLink(code)).json().status).toBe(2);
    // The password is set now; the link cannot replace it.
    expect((await setLinkPassword(code, { password: 'hijacked' })).statusCode).toBe(409);
  });

  it('answers status 1 for an expired password or a locked account', async () => {
    await t.user({ email: 'link-expired@acme.test', passwordExpiresAt: START - 1 });
    await t.user({ email: 'link-locked@acme.test', lockedAt: START - 1 });
    for (const email of ['link-expired@acme.test', 'link-locked@acme.test']) {
      const code = await linkFor(email);
      expect((await useLink(code)).json()).toEqual({ status: 1 });
      expect((await setLinkPassword(code, { password: 'renewed-pw' })).json().status).toBe(2);
      expect((await t.login(email, 'renewed-pw')).statusCode).toBe(200);
    }
  });
});

describe('POST /passcode-login, refusals', () => {
  it('400s naming passcode when it is missing or empty', async () => {
    for (const body of [{}, { passcode: '' }, { passcode: '   ' }]) {
      const res = await passcodeLogin(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.field).toBe('passcode');
      expect(res.json().error.message).toContain('Passcode is required');
    }
  });

  it('404s invalidPasscode for a wrong, reused, expired or other-site passcode', async () => {
    await t.user({ email: 'pc-refused@acme.test' });
    const invalid = { code: 'invalidPasscode', message: 'Passcode is invalid or expired' };
    expect((await passcodeLogin({ passcode: '00000000' }, '10.2.0.1')).json().error).toEqual(invalid);

    const used = await passcodeFor('pc-refused@acme.test');
    expect((await passcodeLogin({ passcode: used }, '10.2.0.2')).statusCode).toBe(200);
    const reused = await passcodeLogin({ passcode: used }, '10.2.0.2');
    expect(reused.statusCode).toBe(404);
    expect(reused.json().error).toEqual(invalid);

    const late = await passcodeFor('pc-refused@acme.test');
    t.clock.now = START + 7 * DAY + 1;
    try {
      expect((await passcodeLogin({ passcode: late }, '10.2.0.3')).statusCode).toBe(404);
    } finally {
      t.clock.now = START;
    }
    const elsewhere = await passcodeFor('pc-refused@acme.test');
    expect((await passcodeLogin({ passcode: elsewhere, site: 'other' }, '10.2.0.4')).statusCode).toBe(404);
    expect((await passcodeLogin({ passcode: elsewhere }, '10.2.0.4')).statusCode).toBe(200);
  });

  it('429s after 10 wrong passcodes from one IP, even for a valid one', async () => {
    await t.user({ email: 'pc-brute@acme.test' });
    const good = await passcodeFor('pc-brute@acme.test');
    for (let i = 0; i < LIMITS.codeFailuresPerIp.limit; i++)
      expect((await passcodeLogin({ passcode: `9999000${i}` }, '10.2.1.1')).statusCode).toBe(404);
    for (const res of [
      await passcodeLogin({ passcode: '99990099' }, '10.2.1.1'),
      await passcodeLogin({ passcode: good }, '10.2.1.1'),
    ]) {
      expect(res.statusCode).toBe(429);
      expect(res.json().error).toEqual({ code: 'rateLimited', message: 'Too many failed attempts' });
    }
    expect((await passcodeLogin({ passcode: good }, '10.2.1.2')).statusCode).toBe(200);
  });

  it('is concurrency safe: two logins with one passcode, one session', async () => {
    await t.user({ email: 'pc-race@acme.test' });
    const code = await passcodeFor('pc-race@acme.test');
    const results = await Promise.all([
      passcodeLogin({ passcode: code }, '10.2.2.1'),
      passcodeLogin({ passcode: code }, '10.2.2.2'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 404]);
  });
});

describe('passcode login', () => {
  it('issues 8 digits, valid 7 days, and signs in once (spaces and dashes ignored)', async () => {
    const u = await t.user({ email: 'pc-ok@acme.test' });
    const res = await issuePasscode('pc-ok@acme.test', await admin.token());
    expect(res.statusCode).toBe(201);
    const { passcode, expiresAt } = res.json();
    expect(passcode).toMatch(/^\d{8}$/);
    expect(expiresAt).toBe(new Date(START + 7 * DAY).toISOString());
    const typed = `${passcode.slice(0, 4)}-${passcode.slice(4)} `;
    const login = await passcodeLogin({ passcode: typed });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({
      user: { id: u.id },
      redirectLogin: false,
      resetPassword: false,
      automaticResetPassword: false,
    });
    const me = await t.request('GET', '/v2/me/info', undefined, { token: login.json().token });
    expect(me.json().id).toBe(u.id);
  });

  it('resetPassword without tokens for a user with no password', async () => {
    await t.user({ email: 'pc-nopw@acme.test', password: null });
    const res = await passcodeLogin({ passcode: await passcodeFor('pc-nopw@acme.test') });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      email: 'pc-nopw@acme.test',
      redirectLogin: false,
      resetPassword: true,
      automaticResetPassword: false,
    });
  });

  it('automaticResetPassword for an expired password, and mails a working reset link', async () => {
    const u = await t.user({ email: 'pc-expired@acme.test', passwordExpiresAt: START - 1 });
    const res = await passcodeLogin({
      passcode: await passcodeFor('pc-expired@acme.test'),
      callbackHost: 'https://tv.acme.test',
    });
    expect(res.json()).toEqual({
      email: 'pc-expired@acme.test',
      redirectLogin: false,
      resetPassword: false,
      automaticResetPassword: true,
    });
    const { mail, origin, code } = await t.resetLink('pc-expired@acme.test');
    expect(mail.subject).toBe('Reset your password');
    expect(origin).toBe('https://tv.acme.test');
    const reset = await t.request('PATCH', `/api/reset/pw/${code}`, {
      password: 'after-pc',
      confirm: 'after-pc',
    });
    expect(reset.statusCode).toBe(200);
    expect((await t.userRow(u.id)).password_expires_at).toBeNull();
  });

  it('redirectLogin without tokens for an admin, staff or support account', async () => {
    await t.user({ email: 'pc-staff@acme.test', roles: ['staff'] });
    for (const email of ['admin@acme.test', 'pc-staff@acme.test']) {
      const res = await passcodeLogin({ passcode: await passcodeFor(email) });
      expect(res.json()).toEqual({
        email,
        redirectLogin: true,
        resetPassword: false,
        automaticResetPassword: false,
      });
      expect(res.json().token).toBeUndefined();
    }
  });
});
