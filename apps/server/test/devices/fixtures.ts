import { newSiteRow } from '../../src/modules/sites/site-defaults';
import { accountsHarness, bearer, PASSWORD, SECOND, START } from '../support/accounts';

export { PASSWORD, SECOND, START };
/** Users on site acme (host tv.acme.test); carol is on site other. */
export const USERS = {
  alice: { id: 'user-alice', email: 'alice@acme.test', site: 'acme' },
  bob: { id: 'user-bob', email: 'bob@acme.test', site: 'acme' },
  dave: { id: 'user-dave', email: 'dave@acme.test', site: 'acme' },
  erin: { id: 'user-erin', email: 'erin@acme.test', site: 'acme' },
  carol: { id: 'user-carol', email: 'carol@other.test', site: 'other' },
  // Users of the per-IP rate-limit test only.
  frank: { id: 'user-frank', email: 'frank@acme.test', site: 'acme' },
  grace: { id: 'user-grace', email: 'grace@acme.test', site: 'acme' },
  heidi: { id: 'user-heidi', email: 'heidi@acme.test', site: 'acme' },
  ivan: { id: 'user-ivan', email: 'ivan@acme.test', site: 'acme' },
} as const;
export type UserName = keyof typeof USERS;

const HOST = { host: 'tv.acme.test' };

/**
 * A harness with sites acme, other and closed (hideAuth), the USERS, a clock tests move, and
 * helpers for the second-screens calls. Each helper takes the client IP, so rate-limit tests
 * count on IPs of their own.
 */
export async function devicesHarness() {
  const { h, clock, insertUser, login, refresh } = await accountsHarness({
    sites: [
      newSiteRow('acme', 'Acme TV', { hosts: '["tv.acme.test"]' }),
      newSiteRow('other', 'Other TV'),
      newSiteRow('closed', 'Closed TV', { perms: '{"hideAuth":true}' }),
    ],
  });
  for (const u of Object.values(USERS)) await insertUser({ id: u.id, site_uid: u.site, email: u.email });

  const tokens = new Map<UserName, string>();
  /** An access token of the user (one login each, at START so it stays valid 15 minutes of clock). */
  async function tokenOf(name: UserName): Promise<string> {
    const cached = tokens.get(name);
    if (cached) return cached;
    const saved = clock.now;
    clock.now = START;
    const res = await login({ email: USERS[name].email, password: PASSWORD, site: USERS[name].site });
    clock.now = saved;
    if (res.statusCode !== 200) throw new Error(`login of ${name} failed: ${res.body}`);
    const token = (res.json() as { token: string }).token;
    tokens.set(name, token);
    return token;
  }

  let deviceSeq = 0;
  const newDeviceId = () => `tv-device-${++deviceSeq}-${Math.random().toString(36).slice(2, 10)}`;

  /** The secret each device got from its last registration, as the TV keeps it. */
  const secrets = new Map<string, string>();
  let ipSeq = 0;
  /**
   * Registers `deviceId` as its TV does: presenting the secret it holds, unless `secret` says
   * otherwise (null: none). Each call comes from an IP of its own unless `ip` is given, so only
   * the rate-limit tests meet the per-IP limit.
   */
  async function register(
    deviceId: string,
    site = 'acme',
    payload?: object,
    opts: { ip?: string; secret?: string | null } = {},
  ) {
    const secret = opts.secret === undefined ? secrets.get(deviceId) : opts.secret;
    const res = await h.app.inject({
      method: 'POST',
      url: `/v2/sites/${site}/second-screens`,
      headers: { ...HOST, 'user-agent': 'Marquee TV test' },
      remoteAddress: opts.ip ?? `10.77.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`,
      payload: payload ?? { deviceId, deviceType: 'webtv', ...(secret ? { deviceSecret: secret } : {}) },
    });
    if (res.statusCode === 201) {
      const body = res.json() as { deviceId: string; deviceSecret: string };
      secrets.set(body.deviceId, body.deviceSecret);
    }
    return res;
  }
  /** Polls as the TV does, with the secret it holds, unless `secret` says otherwise (null: none). */
  const check = (deviceId: string, site = 'acme', secret?: string | null) => {
    const presented = secret === undefined ? secrets.get(deviceId) : secret;
    return h.app.inject({
      method: 'GET',
      url: `/v2/sites/${site}/check-second-screen/${deviceId}`,
      headers: presented ? { 'x-device-secret': presented } : {},
    });
  };
  const activate = (code: string, token?: string, opts: { site?: string; ip?: string } = {}) =>
    h.app.inject({
      method: 'PUT',
      url: `/v2/sites/${opts.site ?? 'acme'}/second-screens/${encodeURIComponent(code)}`,
      headers: bearer(token),
      remoteAddress: opts.ip ?? '127.0.0.1',
    });
  const list = (token?: string, site = 'acme') =>
    h.app.inject({ method: 'GET', url: `/v2/sites/${site}/second-screens`, headers: bearer(token) });
  const logout = (id: string, token?: string, site = 'acme') =>
    h.app.inject({
      method: 'POST',
      url: `/v2/sites/${site}/second-screens/${id}/logout`,
      headers: bearer(token),
    });
  const remove = (id: string, token?: string, site = 'acme') =>
    h.app.inject({ method: 'DELETE', url: `/v2/sites/${site}/second-screens/${id}`, headers: bearer(token) });

  /** Registers a new device on acme and returns its registration. */
  async function registered(site = 'acme') {
    const deviceId = newDeviceId();
    const res = await register(deviceId, site);
    if (res.statusCode !== 201) throw new Error(`register failed: ${res.body}`);
    return res.json() as {
      id: string;
      deviceId: string;
      deviceSecret: string;
      code: string;
      interval: number;
    };
  }

  return {
    h,
    clock,
    tokenOf,
    newDeviceId,
    register,
    check,
    activate,
    list,
    logout,
    remove,
    registered,
    refresh,
    info: (token: string) => h.app.inject({ url: '/v2/me/info', headers: bearer(token) }),
  };
}
