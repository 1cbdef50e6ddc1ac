import { acmeCatalog, CatalogFixture } from '../fixtures';
import { accountsHarness, bearer, type AccountsHarness } from '../support/accounts';

/** A party world: acme's catalog (v1 a video, m1 a movie, le-live a live event), users and tokens. */
export async function partyWorld(opts: { env?: Record<string, string>; authSecret?: string } = {}) {
  const t = await accountsHarness({
    sites: [],
    env: { ...opts.env, ...(opts.authSecret ? { AUTH_SECRET: opts.authSecret } : {}) },
  });
  await acmeCatalog(t.clock.now).insert(t.h.db);
  await new CatalogFixture('other').insert(t.h.db);
  await new CatalogFixture('noparty').insert(t.h.db);
  await t.h.db
    .updateTable('sites')
    .set({ perms: '{"watchParty":false}' })
    .where('uid', '=', 'noparty')
    .execute();
  return world(t);
}

/** Users of an existing harness (another node of the same deployment signs the same tokens). */
export async function world(t: AccountsHarness) {
  const roles = new Map<string, string[]>();
  /** A user of `site` (inserted once, first name their id in capitals) and a fresh access token. */
  async function as(id: string, site = 'acme', withRoles?: string[]) {
    if (withRoles) roles.set(id, withRoles);
    const row = await t.userRow(id);
    if (!row)
      await t.insertUser(
        { id, site_uid: site, email: `${id}@${site}.test`, first_name: id.toUpperCase() },
        null,
      );
    const own = row?.site_uid ?? site;
    return t.accessTokenFor({ id, site: own, email: `${id}@${own}.test`, roles: roles.get(id) ?? [] });
  }
  const call = async (
    id: string | null,
    method: 'GET' | 'POST' | 'PATCH',
    path: string,
    payload?: unknown,
    site = 'acme',
  ) => {
    const res = await t.h.app.inject({
      method,
      url: `/v2/sites/${site}/${path}`,
      headers: id === null ? {} : bearer(await as(id, site)), // a known user keeps their own site
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return {
      status: res.statusCode,
      body: res.json() as Record<string, unknown> & {
        error?: { code: string; message: string; field?: string };
      },
    };
  };
  /** A started party of `content` hosted by `host`. */
  async function startedParty(host: string, content = 'v1') {
    const created = await call(host, 'POST', `watch-party/${content}?__source=web`);
    if (created.status !== 201) throw new Error(JSON.stringify(created.body));
    const pid = created.body.pid as string;
    await call(host, 'PATCH', `watch-party/${pid}`, { action: 'start' });
    return pid;
  }
  return { t, as, call, startedParty };
}
