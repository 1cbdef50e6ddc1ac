import { createHash } from 'node:crypto';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALICE, authHarness, START } from './fixtures';

let t: Awaited<ReturnType<typeof authHarness>>;
beforeAll(async () => {
  t = await authHarness();
});
afterAll(() => t.h.close());

const SECOND = 1000;
const DAY = 24 * 3600 * SECOND;
const LOGOUT = '/v2/me/auth/logout';

/** A fresh login at the current clock. */
async function session(): Promise<{ token: string; refreshToken: string }> {
  const res = await t.login();
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('GET /v2/me/info, refusals', () => {
  it('401s without a bearer token, with a malformed header and with a garbage token', async () => {
    for (const headers of [{}, { authorization: 'Basic abc' }, { authorization: 'Bearer not.a.jwt' }]) {
      const res = await t.h.app.inject({ url: '/v2/me/info', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('unauthorized');
    }
  });

  it('401s for a token signed with another secret', async () => {
    const forged = await new SignJWT({ site: 'acme', email: ALICE.email, roles: ['admin'] })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('marquee')
      .setSubject(ALICE.id)
      .setIssuedAt(START / 1000)
      .setExpirationTime(START / 1000 + 900)
      .sign(new TextEncoder().encode('x'.repeat(43)));
    const res = await t.info(forged);
    expect(res.statusCode).toBe(401);
  });

  it('401s unauthorized for a correctly signed token without a session id (sid)', async () => {
    const noSid = await new SignJWT({ site: 'acme', email: ALICE.email, roles: [] })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('marquee')
      .setSubject(ALICE.id)
      .setIssuedAt(START / 1000)
      .setExpirationTime(START / 1000 + 900)
      .sign(new TextEncoder().encode(t.h.config.authSecret));
    const res = await t.info(noSid);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthorized');
  });

  it('carries the session (refresh-token family) as sid', async () => {
    const { token } = await session();
    const claims = decodeJwt(token);
    expect(typeof claims.sid).toBe('string');
    expect((claims.sid as string).length).toBeGreaterThan(0);
  });

  it('401s tokenExpired once the 15-minute access token has expired', async () => {
    t.clock.now = START;
    const { token } = await session();
    t.clock.now = START + 15 * 60 * SECOND - SECOND;
    expect((await t.info(token)).statusCode).toBe(200);
    t.clock.now = START + 15 * 60 * SECOND;
    const res = await t.info(token);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('tokenExpired');
    t.clock.now = START;
  });
});

describe('POST /v2/me/auth/refresh-access, refusals', () => {
  it('400s without a token, naming it', async () => {
    for (const body of [{}, { token: '' }]) {
      const res = await t.post('/v2/me/auth/refresh-access', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.field).toBe('token');
    }
  });

  it('401s for an unknown token', async () => {
    const res = await t.refresh('A'.repeat(43));
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('invalidRefreshToken');
  });

  it('401s for a refresh token older than 30 days', async () => {
    t.clock.now = START;
    const { refreshToken } = await session();
    t.clock.now = START + 30 * DAY;
    expect((await t.refresh(refreshToken)).statusCode).toBe(401);
    t.clock.now = START + 30 * DAY - SECOND;
    expect((await t.refresh(refreshToken)).statusCode).toBe(200);
    t.clock.now = START;
  });

  it('revokes the whole family when a spent token is reused after the grace: the newer token stops working too', async () => {
    t.clock.now = START;
    const first = await session();
    const second = (await t.refresh(first.refreshToken)).json();
    t.clock.now = START + 6 * SECOND;
    const reuse = await t.refresh(first.refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().error.code).toBe('refreshTokenReused');
    const newer = await t.refresh(second.refreshToken);
    expect(newer.statusCode).toBe(401);
    expect(newer.json().error.code).toBe('invalidRefreshToken');
    // A second login (another family) is untouched.
    expect((await t.refresh((await session()).refreshToken)).statusCode).toBe(200);
    t.clock.now = START;
  });

  it('401s after logout, and for a revoked family even within the grace', async () => {
    t.clock.now = START;
    const first = await session();
    const second = (await t.refresh(first.refreshToken)).json();
    expect((await t.post(LOGOUT, { token: second.refreshToken })).statusCode).toBe(204);
    expect((await t.refresh(second.refreshToken)).statusCode).toBe(401);
    expect((await t.refresh(first.refreshToken)).statusCode).toBe(401);
  });
});

describe('POST /v2/me/auth/refresh-access', () => {
  it('rotates: a new access token and a new refresh token; the old one is marked used', async () => {
    t.clock.now = START;
    const first = await session();
    t.clock.now = START + 60 * SECOND;
    const res = await t.refresh(first.refreshToken);
    expect(res.statusCode).toBe(200);
    const next = res.json();
    expect(next.expiresIn).toBe(900);
    expect(next.refreshToken).not.toBe(first.refreshToken);
    expect(next.token).not.toBe(first.token);
    expect(next.user.id).toBe(ALICE.id);
    expect((await t.info(next.token)).statusCode).toBe(200);
    const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
    const newest = await t.h.db
      .selectFrom('refresh_tokens')
      .selectAll()
      .where('token_hash', '=', hashOf(next.refreshToken))
      .executeTakeFirstOrThrow();
    const rows = await t.h.db
      .selectFrom('refresh_tokens')
      .selectAll()
      .where('family_id', '=', newest.family_id)
      .orderBy('created_at')
      .execute();
    const family = rows;
    expect(family[0]!.token_hash).toBe(hashOf(first.refreshToken));
    expect(family).toHaveLength(2);
    expect(family[0]).toMatchObject({
      used_at: new Date(START + 60 * SECOND).toISOString(),
      revoked_at: null,
    });
    expect(family[0]!.replaced_by).toBe(family[1]!.id);
    expect(family[1]).toMatchObject({
      used_at: null,
      replaced_by: null,
      user_id: ALICE.id,
      site_uid: 'acme',
    });
    t.clock.now = START;
  });

  it('two tabs refreshing at once (inside the 5 s grace) both get a working pair of the same family', async () => {
    t.clock.now = START;
    const first = await session();
    const [a, b] = await Promise.all([t.refresh(first.refreshToken), t.refresh(first.refreshToken)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    t.clock.now = START + 5 * SECOND;
    const c = await t.refresh(first.refreshToken);
    expect(c.statusCode).toBe(200);
    const tokens = [a, b, c].map((r) => r.json().refreshToken as string);
    expect(new Set(tokens).size).toBe(3);
    for (const token of tokens) expect((await t.refresh(token)).statusCode).toBe(200);
    t.clock.now = START;
  });
});

describe('POST /v2/me/auth/logout', () => {
  it('400s without a token', async () => {
    const res = await t.post(LOGOUT, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().error.field).toBe('token');
  });

  it('204s for an unknown token and twice for the same token (idempotent)', async () => {
    expect((await t.post(LOGOUT, { token: 'unknown' })).statusCode).toBe(204);
    const { refreshToken } = await session();
    const res = await t.post(LOGOUT, { token: refreshToken });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await t.post(LOGOUT, { token: refreshToken })).statusCode).toBe(204);
    expect((await t.refresh(refreshToken)).statusCode).toBe(401);
  });
});

describe('the whole session', () => {
  it('signup → login → info → refresh → logout', async () => {
    t.clock.now = START;
    const signup = await t.signup({
      firstName: 'Carol',
      lastName: 'Danvers',
      email: 'carol@acme.test',
      password: 'higher-further',
      site: 'acme',
      terms: true,
    });
    expect(signup.statusCode).toBe(201);
    const login = await t.login({ email: 'carol@acme.test', password: 'higher-further', site: 'acme' });
    expect(login.statusCode).toBe(200);
    const { token, refreshToken, user } = login.json();
    const me = await t.info(token);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual(user);
    expect(me.json()).toMatchObject({ email: 'carol@acme.test', autoPlay: true, pending: false });

    t.clock.now = START + 14 * 60 * SECOND;
    const refreshed = await t.refresh(refreshToken);
    expect(refreshed.statusCode).toBe(200);
    t.clock.now = START + 16 * 60 * SECOND;
    expect((await t.info(token)).statusCode).toBe(401);
    expect((await t.info(refreshed.json().token)).statusCode).toBe(200);

    expect((await t.post(LOGOUT, { token: refreshed.json().refreshToken })).statusCode).toBe(204);
    expect((await t.refresh(refreshed.json().refreshToken)).statusCode).toBe(401);
    t.clock.now = START;
  });
});
