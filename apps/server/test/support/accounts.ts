import { hash } from '@node-rs/argon2';
import type { RouteOptions } from 'fastify';
import type { Insertable } from 'kysely';
import type { SitesTable, UsersTable } from '../../src/db/schema';
import { ACCESS_TOKEN_TTL_SECONDS, type AppContext } from '../../src/context';
import { createAccessTokens } from '../../src/modules/auth/access-token';
import { ARGON2_OPTIONS } from '../../src/modules/auth/auth.service';
import { createHarness, type Harness } from '../harness';

/** The instant every accounts test starts at (the harness clock's first value). */
export const START = Date.parse('2026-03-01T12:00:00.000Z');
export const SECOND = 1000;
export const DAY = 24 * 3600 * SECOND;
export const PASSWORD = 'correct horse';

const iso = (ms: number) => new Date(ms).toISOString();

/** Authorization headers for a bearer token; none when the token is undefined. */
export const bearer = (token?: string): Record<string, string> =>
  token === undefined ? {} : { authorization: `Bearer ${token}` };

/**
 * The part the accounts test fixtures (auth, devices, recovery, profile, social) share: a real app
 * whose clock tests move (`clock.now`, epoch ms, starting at START), the given sites, users inserted
 * with an argon2id hash (computed once per password), logins, refreshes and signed access tokens.
 */
export async function accountsHarness(opts: {
  sites: Insertable<SitesTable>[];
  env?: Record<string, string>;
  /** More of the app's context (a limiter…); `now` is always the harness clock. */
  context?: Partial<AppContext>;
  /** Told of every route the app registers. */
  onRoute?: (route: RouteOptions) => void;
  /** The clock's first value (START by default; the real time where server processes share it). */
  startAt?: number;
}) {
  const clock = { now: opts.startAt ?? START };
  const h: Harness = await createHarness({
    env: opts.env,
    context: { ...opts.context, now: () => clock.now },
    onRoute: opts.onRoute,
  });
  if (opts.sites.length > 0) await h.db.insertInto('sites').values(opts.sites).execute();

  const hashes = new Map<string, Promise<string>>();
  /** The argon2id hash of `password`, computed once per harness. */
  const passwordHash = (password: string): Promise<string> => {
    let hashed = hashes.get(password);
    if (!hashed) hashes.set(password, (hashed = hash(password, ARGON2_OPTIONS)));
    return hashed;
  };

  /**
   * Inserts a user: password PASSWORD (null for none) and the columns a test does not care about
   * (name Test User, no roles, verified, created at START); `row` sets any column.
   */
  async function insertUser(
    row: Partial<Insertable<UsersTable>> & Pick<Insertable<UsersTable>, 'id' | 'site_uid' | 'email'>,
    password: string | null = PASSWORD,
  ): Promise<void> {
    await h.db
      .insertInto('users')
      .values({
        password_hash: password === null ? '' : await passwordHash(password),
        first_name: 'Test',
        last_name: 'User',
        roles: '[]',
        dob: null,
        gender: null,
        verified: 1,
        created_at: iso(START),
        ...row,
      })
      .execute();
  }

  /** POST /v2/me/auth/login from `ip`; the raw response. */
  const login = (body: { email: string; password: string; site: string }, ip = '10.9.9.9') =>
    h.app.inject({ method: 'POST', url: '/v2/me/auth/login', payload: body, remoteAddress: ip });

  const refresh = (token: string) =>
    h.app.inject({ method: 'POST', url: '/v2/me/auth/refresh-access', payload: { token } });

  const tokens = createAccessTokens(h.config.authSecret, ACCESS_TOKEN_TTL_SECONDS, () => clock.now);
  /**
   * An access token signed as the app does, without a login (for users who have no password); its
   * session (sid) is made up, so no refresh token belongs to it.
   */
  const accessTokenFor = (user: { id: string; site: string; email: string; roles?: string[] }) =>
    tokens.sign({
      id: user.id,
      siteUid: user.site,
      email: user.email,
      roles: user.roles ?? [],
      sessionId: `session-${user.id}`,
    });

  const userRow = (id: string) =>
    h.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

  return { h, clock, passwordHash, insertUser, login, refresh, accessTokenFor, userRow };
}

export type AccountsHarness = Awaited<ReturnType<typeof accountsHarness>>;
