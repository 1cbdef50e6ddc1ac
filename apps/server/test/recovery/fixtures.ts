import type { AppContext } from '../../src/context';
import { newSiteRow } from '../../src/modules/sites/site-defaults';
import { accountsHarness, bearer, PASSWORD, START } from '../support/accounts';
import { startSmtpSink } from '../support/smtp-sink';

export { PASSWORD, START };
const iso = (ms: number) => new Date(ms).toISOString();

type UserSpec = {
  email: string;
  site?: string;
  password?: string | null;
  roles?: string[];
  passwordExpiresAt?: number;
  lockedAt?: number;
};

/**
 * A harness mailing into a local SMTP sink, with sites acme (host tv.acme.test), other and closed
 * (perm hideAuth), and a
 * clock tests move. `user()` adds an account; `adminToken()` signs a bearer token as the app does.
 */
export async function recoveryHarness(opts: { context?: Partial<AppContext> } = {}) {
  const sink = await startSmtpSink();
  const accounts = await accountsHarness({
    context: opts.context,
    env: { SMTP_URL: sink.url },
    sites: [
      newSiteRow('acme', 'Acme TV', { hosts: '["tv.acme.test"]' }),
      newSiteRow('other', 'Other TV'),
      newSiteRow('closed', 'Closed TV', { perms: '{"hideAuth":true}' }),
    ],
  });
  const { h, clock } = accounts;
  let n = 0;

  async function user(spec: UserSpec) {
    const id = `user-${++n}`;
    const site = spec.site ?? 'acme';
    const roles = spec.roles ?? [];
    await accounts.insertUser(
      {
        id,
        site_uid: site,
        email: spec.email,
        roles: JSON.stringify(roles),
        password_changed_at: iso(START),
        password_expires_at: spec.passwordExpiresAt === undefined ? null : iso(spec.passwordExpiresAt),
        locked_at: spec.lockedAt === undefined ? null : iso(spec.lockedAt),
      },
      spec.password === null ? null : (spec.password ?? PASSWORD),
    );
    const token = () => accounts.accessTokenFor({ id, site, email: spec.email, roles });
    return { id, email: spec.email, site, token };
  }

  const request = (
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    payload?: object,
    opts: { ip?: string; token?: string; host?: string } = {},
  ) =>
    h.app.inject({
      method,
      url,
      payload,
      remoteAddress: opts.ip ?? '10.0.0.1',
      headers: {
        ...bearer(opts.token || undefined),
        ...(opts.host ? { host: opts.host } : {}),
      },
    });

  const userRow = (id: string) =>
    h.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const login = (email: string, password: string) =>
    request('POST', '/v2/me/auth/login', { email, password, site: 'acme' }, { ip: '10.9.9.9' });

  /** The code of the next reset link mailed to `email`, and the link itself. */
  async function resetLink(email: string) {
    const mail = await sink.next((m) => m.to.includes(email));
    const link = /(\S+)\/reset-pw\/([\w-]+)/.exec(mail.text);
    if (!link) throw new Error(`no reset link in: ${mail.text}`);
    return { mail, origin: link[1]!, code: link[2]! };
  }

  return {
    h,
    sink,
    clock,
    user,
    request,
    userRow,
    login,
    resetLink,
    async close() {
      await h.close();
      await sink.close();
    },
  };
}
