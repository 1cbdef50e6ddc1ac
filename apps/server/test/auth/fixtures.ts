import type { Insertable } from 'kysely';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../src/context';
import type { UsersTable } from '../../src/db/schema';
import { createMemoryRateLimiter, createRedisRateLimiter } from '../../src/infra/rate-limiter';
import { newSiteRow } from '../../src/modules/sites/site-defaults';
import { accountsHarness, bearer, START } from '../support/accounts';

export { START };
export const ALICE = { id: 'user-alice', email: 'alice@acme.test', password: 'correct horse' };
/** When the terms of site `legal` last changed. */
export const TERMS_UPDATED_AT = '2026-02-01T00:00:00.000Z';

/**
 * A solved ALTCHA challenge of `site`: fetches a real challenge from the app and solves it with
 * altcha-lib's solver, as the signup form's widget does. Use it as the signup `captchaToken`.
 */
export async function solvedCaptcha(app: FastifyInstance, site = 'acme'): Promise<string> {
  const res = await app.inject({ url: `/v2/sites/${site}/captcha/challenge` });
  if (res.statusCode !== 200) throw new Error(`captcha challenge answered ${res.statusCode}: ${res.body}`);
  const challenge = res.json();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha challenge not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/**
 * A harness with sites acme (host tv.acme.test), other, closed (hideAuth) and legal (terms of
 * use), Alice on acme, and a clock tests move. `limiter` is the app's own (Redis under REDIS_URL),
 * so tests can end a counting window without waiting for it.
 */
export async function authHarness(
  opts: { env?: Record<string, string>; context?: Partial<AppContext> } = {},
) {
  // The limiter's clock is the harness clock, which exists once the harness does.
  let clockNow = () => START;
  const redisPrefix = `test:${process.pid}:${Math.random().toString(36).slice(2, 8)}:`;
  const limiter = process.env.REDIS_URL
    ? createRedisRateLimiter(process.env.REDIS_URL, redisPrefix)
    : createMemoryRateLimiter(() => clockNow());
  const accounts = await accountsHarness({
    context: { limiter, ...opts.context },
    env: { ...(process.env.REDIS_URL ? { REDIS_PREFIX: redisPrefix } : {}), ...opts.env },
    sites: [
      newSiteRow('acme', 'Acme TV', { hosts: '["tv.acme.test"]' }),
      newSiteRow('other', 'Other TV'),
      newSiteRow('closed', 'Closed TV', { perms: JSON.stringify({ hideAuth: true }) }),
      newSiteRow('legal', 'Legal TV', { terms_text: 'Be kind.', terms_updated_at: TERMS_UPDATED_AT }),
    ],
  });
  const { h, clock } = accounts;
  clockNow = () => clock.now;
  /** Inserts a user (argon2id hash of `password`); overrides set any column. */
  async function addUser(
    email: string,
    password: string,
    overrides: Partial<Insertable<UsersTable>> = {},
  ): Promise<string> {
    const id = overrides.id ?? `user-${email.split('@')[0]}-${overrides.site_uid ?? 'acme'}`;
    await accounts.insertUser({ id, site_uid: 'acme', email, ...overrides }, password);
    return id;
  }
  await addUser(ALICE.email, ALICE.password, {
    id: ALICE.id,
    first_name: 'Alice',
    last_name: 'Liddell',
    roles: '["staff"]',
    dob: '1990-04-02',
    gender: 'female',
  });

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    h.app.inject({ method: 'POST', url, payload, headers });
  /** Logs in; `ip` becomes the client address (the app trusts X-Forwarded-For). */
  const login = (
    body: object = { email: ALICE.email, password: ALICE.password, site: 'acme' },
    ip = '192.0.2.1',
  ) => post('/v2/me/auth/login', body, { 'x-forwarded-for': ip });
  const refresh = (token: string) => post('/v2/me/auth/refresh-access', { token });
  const info = (token?: string) =>
    h.app.inject({ method: 'GET', url: '/v2/me/info', headers: bearer(token) });
  const signup = async (body: Record<string, unknown>) =>
    post('/v2/me/auth/signup', {
      captchaToken: await solvedCaptcha(h.app, (body.site as string | undefined) ?? 'acme'),
      ...body,
    });
  return {
    h,
    clock,
    limiter,
    post,
    login,
    refresh,
    info,
    signup,
    addUser,
    accessTokenFor: accounts.accessTokenFor,
  };
}
