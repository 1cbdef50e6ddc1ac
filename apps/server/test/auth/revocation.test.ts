// Signing out really signs out (issue 12 item 4, decision 0037): after each event that ends a
// session, the session's access token is refused at once, for a read and for a write, although it
// has not expired. Runs on SQLite with the memory store, and on PostgreSQL with the Redis store.
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../src/context';
import { createMemoryRateLimiter } from '../../src/infra/rate-limiter';
import {
  CHECK_TTL_MS,
  createMemorySessionStore,
  createRedisSessionStore,
} from '../../src/infra/session-store';
import { createAccessTokens } from '../../src/modules/auth/access-token';
import { createAuthRepository } from '../../src/modules/auth/auth.repository';
import { createAuthService } from '../../src/modules/auth/auth.service';
import { createCaptcha } from '../../src/modules/auth/captcha';
import { newSiteRow } from '../../src/modules/sites/site-defaults';
import { accountsHarness, bearer, PASSWORD, SECOND, START } from '../support/accounts';
import { startSmtpSink } from '../support/smtp-sink';

const RETENTION_MS = 7 * 3600 * SECOND;
const redisPrefix = `test:${process.pid}:${Math.random().toString(36).slice(2, 8)}:`;
let clockNow = () => START;
const sessions = process.env.REDIS_URL
  ? createRedisSessionStore(process.env.REDIS_URL, redisPrefix, RETENTION_MS, () => clockNow())
  : createMemorySessionStore(RETENTION_MS, () => clockNow());

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let t: Awaited<ReturnType<typeof accountsHarness>>;
/** What an operator's tool does: the auth service over the same database and session store. */
let operator: ReturnType<typeof createAuthService>;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await accountsHarness({
    env: { SMTP_URL: sink.url, ...(process.env.REDIS_URL ? { REDIS_PREFIX: redisPrefix } : {}) },
    context: { sessions },
    sites: [newSiteRow('acme', 'Acme TV', { hosts: '["tv.acme.test"]' })],
  });
  clockNow = () => t.clock.now;
  const limiter = createMemoryRateLimiter(clockNow);
  operator = createAuthService({
    repo: createAuthRepository(t.h.db),
    tokens: createAccessTokens(t.h.config.authSecret, ACCESS_TOKEN_TTL_SECONDS, clockNow),
    now: clockNow,
    limiter,
    captcha: createCaptcha({ config: t.h.config.captcha, limiter }),
    sessions,
  });
});
afterAll(async () => {
  await t.h.close();
  await sink.close();
  await sessions.close();
});

let n = 0;
/** A new user of acme (named Test User), signed in: its login response. */
async function signedIn(roles: string[] = []) {
  const id = `user-rev-${++n}`;
  const email = `rev${n}@acme.test`;
  await t.insertUser({ id, site_uid: 'acme', email, roles: JSON.stringify(roles) });
  const res = await t.login({ email, password: PASSWORD, site: 'acme' });
  expect(res.statusCode).toBe(200);
  const body = res.json() as { token: string; refreshToken: string };
  return { id, email, ...body };
}

const read = (app: FastifyInstance, token: string) =>
  app.inject({ url: '/v2/me/info', headers: bearer(token) });
/** A write that changes nothing: the same name again. */
const write = (app: FastifyInstance, token: string) =>
  app.inject({
    method: 'PATCH',
    url: '/v2/me/info',
    headers: bearer(token),
    payload: { firstName: 'Test', lastName: 'User' },
  });

async function expectAccepted(token: string, app = t.h.app) {
  expect((await read(app, token)).statusCode).toBe(200);
  expect((await write(app, token)).statusCode).toBe(200);
}
async function expectRefused(token: string, app = t.h.app) {
  for (const res of [await read(app, token), await write(app, token)]) {
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthorized');
  }
}

describe('an access token stops working the moment its session ends', () => {
  it('after logout', async () => {
    t.clock.now = START;
    const s = await signedIn();
    await expectAccepted(s.token);
    const out = await t.h.app.inject({
      method: 'POST',
      url: '/v2/me/auth/logout',
      payload: { token: s.refreshToken },
    });
    expect(out.statusCode).toBeLessThan(300);
    t.clock.now += SECOND;
    await expectRefused(s.token);
  });

  it('after refresh-token reuse detection, for every token of the family', async () => {
    t.clock.now = START;
    const s = await signedIn();
    const first = await t.refresh(s.refreshToken);
    expect(first.statusCode).toBe(200);
    const next = first.json() as { token: string };
    await expectAccepted(next.token);
    t.clock.now += 60 * SECOND;
    const reuse = await t.refresh(s.refreshToken);
    expect(reuse.json().error.code).toBe('refreshTokenReused');
    await expectRefused(s.token);
    await expectRefused(next.token);
  });

  it("after a password change, for the user's other sessions; the changing session stays", async () => {
    t.clock.now = START;
    const s = await signedIn();
    const other = await t.login({ email: s.email, password: PASSWORD, site: 'acme' });
    const otherToken = (other.json() as { token: string }).token;
    await expectAccepted(otherToken);
    const change = await t.h.app.inject({
      method: 'PATCH',
      url: '/v2/me/password',
      headers: bearer(s.token),
      payload: { currentPassword: PASSWORD, newPassword: 'a new password' },
    });
    expect(change.statusCode).toBeLessThan(300);
    await expectRefused(otherToken);
    await expectAccepted(s.token);
  });

  it('after a password reset', async () => {
    t.clock.now = START;
    const s = await signedIn();
    await expectAccepted(s.token);
    const asked = await t.h.app.inject({
      method: 'POST',
      url: '/api/reset/pw',
      payload: { email: s.email, site: 'acme' },
      remoteAddress: '10.7.0.1',
    });
    expect(asked.statusCode).toBe(204);
    const mail = await sink.next((m) => m.to.includes(s.email));
    const code = /\/reset-pw\/([\w-]+)/.exec(mail.text)![1]!;
    const reset = await t.h.app.inject({
      method: 'PATCH',
      url: `/api/reset/pw/${code}`,
      payload: { password: 'reset-pass', confirm: 'reset-pass' },
    });
    expect(reset.statusCode).toBe(200);
    await expectRefused(s.token);
    // The session the reset started works.
    await expectAccepted((reset.json() as { token: string }).token);
  });

  it('after the owner signs a TV out', async () => {
    t.clock.now = START;
    const owner = await signedIn();
    const deviceId = `tv-rev-${Math.random().toString(36).slice(2, 10)}`;
    const reg = await t.h.app.inject({
      method: 'POST',
      url: '/v2/sites/acme/second-screens',
      headers: { 'user-agent': 'Marquee TV test' },
      payload: { deviceId, deviceType: 'webtv' },
    });
    expect(reg.statusCode).toBe(201);
    const { id, code, deviceSecret } = reg.json() as { id: string; code: string; deviceSecret: string };
    const act = await t.h.app.inject({
      method: 'PUT',
      url: `/v2/sites/acme/second-screens/${code}`,
      headers: bearer(owner.token),
    });
    expect(act.statusCode).toBe(200);
    t.clock.now += 30 * SECOND;
    const poll = await t.h.app.inject({
      url: `/v2/sites/acme/check-second-screen/${deviceId}`,
      headers: { 'x-device-secret': deviceSecret },
    });
    const tv = (poll.json() as { login: { token: string } }).login.token;
    await expectAccepted(tv);
    const out = await t.h.app.inject({
      method: 'POST',
      url: `/v2/sites/acme/second-screens/${id}/logout`,
      headers: bearer(owner.token),
    });
    expect(out.statusCode).toBeLessThan(300);
    await expectRefused(tv);
    await expectAccepted(owner.token);
  });

  it('after an account lock, for every session of the user', async () => {
    t.clock.now = START;
    const s = await signedIn();
    const second = (await t.login({ email: s.email, password: PASSWORD, site: 'acme' })).json() as {
      token: string;
    };
    await expectAccepted(s.token);
    await operator.lockAccount(s.id);
    await expectRefused(s.token);
    await expectRefused(second.token);
  });

  it('after a role is taken away, for every session of the user; adding a role ends none', async () => {
    t.clock.now = START;
    const s = await signedIn(['admin']);
    await operator.setRoles(s.id, ['admin', 'staff']);
    await expectAccepted(s.token);
    await operator.setRoles(s.id, ['staff']);
    await expectRefused(s.token);
    // A new sign-in carries the new roles.
    const again = await t.login({ email: s.email, password: PASSWORD, site: 'acme' });
    expect((again.json() as { user: { roles: string[] } }).user.roles).toEqual(['staff']);
  });
});

describe.runIf(process.env.REDIS_URL)('two app processes sharing Redis', () => {
  let b: FastifyInstance;
  const clockB = { now: START };
  beforeAll(async () => {
    // A second app over the same database, secrets and Redis prefix, with a session store of its own.
    b = await buildApp({
      config: t.h.config,
      db: t.h.db,
      context: { now: () => clockB.now },
      logger: false,
      clientsDir: join(t.h.config.dataDir, 'no-clients'),
    });
    await b.ready();
  });
  afterAll(() => b.close());

  it('a logout on app A is refused on app B within CHECK_TTL_MS (1 s) of B’s clock', async () => {
    t.clock.now = START;
    clockB.now = START;
    const s = await signedIn();
    await expectAccepted(s.token, b);
    await t.h.app.inject({ method: 'POST', url: '/v2/me/auth/logout', payload: { token: s.refreshToken } });
    await expectRefused(s.token);
    clockB.now += CHECK_TTL_MS;
    await expectRefused(s.token, b);
  });
});
