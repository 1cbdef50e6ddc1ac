import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNIQUE_LIMIT } from '../../src/modules/auth/login-guard';
import { ALICE, authHarness, START, TERMS_UPDATED_AT } from './fixtures';

let t: Awaited<ReturnType<typeof authHarness>>;
beforeAll(async () => {
  t = await authHarness();
});
afterAll(() => t.h.close());

const VERIFY = '/v2/me/auth/verify';
const verify = (headers: Record<string, string> = {}) =>
  t.h.app.inject({ method: 'POST', url: VERIFY, headers });
let ipCounter = 0;
const unique = (name: string, query = '?__site=acme', ip = `198.51.100.${++ipCounter}`) =>
  t.h.app.inject({ url: `/api/unique/${name}${query}`, headers: { 'x-forwarded-for': ip } });

describe('POST /v2/me/auth/verify', () => {
  it('401s unauthorized without a token, with a malformed header or a garbage token', async () => {
    const cases: Record<string, string>[] = [
      {},
      { authorization: 'Basic abc' },
      { authorization: 'Bearer not.a.jwt' },
    ];
    for (const headers of cases) {
      const res = await verify(headers);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('unauthorized');
    }
  });

  it('401s tokenExpired after 15 minutes', async () => {
    const { token } = (await t.login()).json();
    t.clock.now = START + 15 * 60_000;
    try {
      const res = await verify({ authorization: `Bearer ${token}` });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('tokenExpired');
    } finally {
      t.clock.now = START;
    }
  });

  it('401s when the user is gone and 403s accountLocked once the account is locked', async () => {
    await t.addUser('leaving@acme.test', 'secret6');
    const { token } = (
      await t.login({ email: 'leaving@acme.test', password: 'secret6', site: 'acme' })
    ).json();
    await t.h.db
      .updateTable('users')
      .set({ locked_at: new Date(START).toISOString() })
      .where('email', '=', 'leaving@acme.test')
      .execute();
    const locked = await verify({ authorization: `Bearer ${token}` });
    expect(locked.statusCode).toBe(403);
    expect(locked.json().error.code).toBe('accountLocked');
    await t.h.db.deleteFrom('refresh_tokens').where('user_id', '=', 'user-leaving-acme').execute();
    await t.h.db.deleteFrom('users').where('email', '=', 'leaving@acme.test').execute();
    const gone = await verify({ authorization: `Bearer ${token}` });
    expect(gone.statusCode).toBe(401);
    expect(gone.json().error.code).toBe('unauthorized');
  });

  it('answers { valid: true, user } for a valid token', async () => {
    const login = (await t.login()).json();
    const res = await verify({ authorization: `Bearer ${login.token}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ valid: true, user: login.user });
    expect(res.json().user.id).toBe(ALICE.id);
  });
});

describe('GET /api/unique/{name}', () => {
  it('400s for a value that is not an e-mail, naming it', async () => {
    for (const name of ['not-an-email', 'a@', '%20']) {
      const res = await unique(name);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().error.field).toBe('name');
    }
  });

  it('404s for an unknown site', async () => {
    expect((await unique('x@acme.test', '?__site=nope')).statusCode).toBe(404);
  });

  it('429s rateLimited with Retry-After after 30 lookups a minute from one IP', async () => {
    const ip = '203.0.113.99';
    for (let i = 0; i < UNIQUE_LIMIT.limit; i++)
      expect((await unique(`p${i}@acme.test`, undefined, ip)).statusCode).toBe(200);
    const res = await unique('one-more@acme.test', undefined, ip);
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('rateLimited');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it("answers whether the e-mail is free on the request's site, in any case", async () => {
    expect((await unique('ALICE@acme.test')).json()).toEqual({ unique: false });
    expect((await unique('alice%40acme.test')).json()).toEqual({ unique: false });
    expect((await unique('nobody@acme.test')).json()).toEqual({ unique: true });
    expect((await unique('alice@acme.test', '?__site=other')).json()).toEqual({ unique: true });
    const byHost = await t.h.app.inject({
      url: '/api/unique/alice@acme.test',
      headers: { host: 'tv.acme.test' },
    });
    expect(byHost.json()).toEqual({ unique: false });
    expect(byHost.headers['cache-control']).toBe('no-store');
  });
});

describe('GET /v2/sites/{site}/terms', () => {
  it('404s for an unknown site, and noTerms for a site without terms', async () => {
    expect((await t.h.app.inject({ url: '/v2/sites/nope/terms' })).statusCode).toBe(404);
    const res = await t.h.app.inject({ url: '/v2/sites/acme/terms' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('noTerms');
  });

  it('answers the text and when it last changed', async () => {
    const res = await t.h.app.inject({ url: '/v2/sites/legal/terms' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ text: 'Be kind.', updatedAt: TERMS_UPDATED_AT });
  });
});
