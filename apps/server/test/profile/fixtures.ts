import type { Insertable } from 'kysely';
import type { LoginResponse } from '@marquee/contract';
import type { UsersTable } from '../../src/db/schema';
import { newSiteRow } from '../../src/modules/sites/site-defaults';
import { accountsHarness, bearer, DAY, PASSWORD, START } from '../support/accounts';
import { startSmtpSink } from '../support/smtp-sink';

export { DAY, PASSWORD, START };

/** Site sso's external identity platform (decision 0061). */
export const SSO_PLATFORM = { provider: 'acme-id', name: 'Acme ID' };

export type TestUser = { id: string; email: string; password: string; site: string };

/**
 * A real app with mail going to a local SMTP sink (or to `smtpUrl`), a clock tests move, and sites:
 * acme (default perms), plain (rudimentaryGenders), hidden (hideUserGender, hideUserDOB), selfdel
 * (selfDelete), other and sso (viewers sign in through the external identity platform "Acme ID").
 */
export async function profileHarness(opts: { smtpUrl?: string } = {}) {
  const sink = await startSmtpSink();
  const perms = (p: object) => ({ perms: JSON.stringify(p) });
  const accounts = await accountsHarness({
    env: { SMTP_URL: opts.smtpUrl ?? sink.url },
    sites: [
      newSiteRow('acme', 'Acme TV'),
      newSiteRow('plain', 'Plain TV', perms({ rudimentaryGenders: true })),
      newSiteRow('hidden', 'Hidden TV', perms({ hideUserGender: true, hideUserDOB: true })),
      newSiteRow('selfdel', 'Selfdel TV', perms({ selfDelete: true })),
      newSiteRow('other', 'Other TV'),
      newSiteRow('sso', 'SSO TV', { identity_platform: JSON.stringify(SSO_PLATFORM) }),
    ],
  });
  const { h, clock, refresh, userRow, accessTokenFor } = accounts;

  let n = 0;
  /** Inserts a user (password PASSWORD) and returns how to sign in as them. */
  async function addUser(site = 'acme', row: Partial<Insertable<UsersTable>> = {}): Promise<TestUser> {
    n += 1;
    const user = {
      id: `user-${n}`,
      site_uid: site,
      email: `user${n}@${site}.test`,
      first_name: 'Alice',
      last_name: 'Liddell',
      dob: '1990-04-02',
      gender: 'female',
      created_at: new Date(clock.now).toISOString(),
      ...row,
    };
    await accounts.insertUser(user);
    return { id: user.id, email: user.email, password: PASSWORD, site };
  }

  const login = async (user: TestUser, password = user.password): Promise<LoginResponse> => {
    const res = await accounts.login({ email: user.email, password, site: user.site }, '127.0.0.1');
    if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
    return res.json();
  };

  /** A call as the holder of `token` (none when undefined). */
  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, token?: string, payload?: object) =>
    h.app.inject({
      method,
      url,
      payload,
      headers: bearer(token),
    });

  /** Mail the sink received for `email` (sends are awaited before the API answers). */
  const mailsTo = (email: string) => sink.mails.filter((m) => m.to.includes(email));

  return {
    h,
    sink,
    clock,
    addUser,
    login,
    accessTokenFor,
    call,
    refresh,
    userRow,
    mailsTo,
    close: async () => {
      await h.close();
      await sink.close();
    },
  };
}

export type ProfileHarness = Awaited<ReturnType<typeof profileHarness>>;

/** The first error of a JSON error response. */
export const errorOf = (res: { json: () => unknown }) =>
  (res.json() as { error: { code: string; message: string; field?: string } }).error;
