import type { RouteOptions } from 'fastify';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../src/db/database';
import { addressId } from '../../src/modules/commerce/addresses/addresses.service';
import { commerceHarness } from '../commerce/fixtures';
import { acmeCatalog } from '../fixtures';
import { bearer } from '../support/accounts';
import type { Principal } from './route-access';

/** One registered route as the guards see it: method, URL pattern and its contract schemas. */
export type RegisteredRoute = {
  method: string;
  url: string;
  key: string;
  hidden: boolean;
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  headers?: z.ZodType;
};

/** The key a route has in ROUTE_ACCESS: `METHOD /url/:param`. */
export const routeKey = (method: string, url: string) => `${method} ${url}`;

/**
 * The world both guards run in: the real app (commerce harness: sites acme and taxed, alice and
 * bob on acme, carol (an admin of taxed) on taxed, the offers and coupons), staff and admin users on acme, the acme test
 * catalog, and resources of user A (alice) made through the API: a saved card, a purchase, a
 * watch-list item, a progress row, a favourite and an activated TV. Every route the app registers
 * is collected as it is built (HEAD twins left out: they answer as their GET does). `startAt`
 * starts the app's clock elsewhere than the accounts tests' START (at the real time when server
 * processes, on the real clock, answer the requests).
 */
export async function securityWorld(opts: { startAt?: number } = {}) {
  const routes: RegisteredRoute[] = [];
  const onRoute = (r: RouteOptions) => {
    const schema = (r.schema ?? {}) as Record<string, unknown>;
    for (const method of [r.method].flat()) {
      if (method === 'HEAD') continue;
      routes.push({
        method,
        url: r.url,
        key: routeKey(method, r.url),
        hidden: schema.hide === true,
        params: schema.params as z.ZodType | undefined,
        querystring: schema.querystring as z.ZodType | undefined,
        body: schema.body as z.ZodType | undefined,
        headers: schema.headers as z.ZodType | undefined,
      });
    }
  };
  // /metrics is on, so the matrix and the fuzz suite see it refuse every user's token.
  const c = await commerceHarness({
    onRoute,
    startAt: opts.startAt,
    env: { METRICS_TOKEN: 'security-world-metrics-token' },
  });
  const { h } = c;
  const db = h.db;
  await c.insertUser({ id: 'stan', site_uid: 'acme', email: 'stan@example.com', roles: '["staff"]' });
  await c.insertUser({ id: 'ada', site_uid: 'acme', email: 'ada@example.com', roles: '["admin"]' });
  await db.updateTable('users').set({ roles: '["admin"]' }).where('id', '=', 'carol').execute();
  // acme takes fullscreen logs (POST /v2/fullscreen-logs is for sites with the flag).
  await db
    .updateTable('sites')
    .set({ perms: JSON.stringify({ fullscreenLogs: true }) })
    .where('uid', '=', 'acme')
    .execute();

  // The acme catalog without its site row (the commerce harness made the site).
  const cat = acmeCatalog(c.clock.now);
  await db.insertInto('media_assets').values(cat.assets).execute();
  await db.insertInto('channels').values(cat.channels).execute();
  await db.insertInto('series').values(cat.series).execute();
  await db.insertInto('videos').values(cat.videos).execute();
  await db.insertInto('playlists').values(cat.playlists).execute();
  await db.insertInto('playlist_items').values(cat.playlistItems).execute();
  await db.insertInto('live_channels').values(cat.liveChannels).execute();
  await db.insertInto('epg_entries').values(cat.epg).execute();
  await db.insertInto('pages').values(cat.pages).execute();
  await db.insertInto('tabs').values(cat.tabs).execute();

  const tokens: Record<Exclude<Principal, 'anonymous'>, string> = {
    userA: await c.accessTokenFor({ id: 'alice', site: 'acme', email: 'alice@example.com' }),
    userB: await c.accessTokenFor({ id: 'bob', site: 'acme', email: 'bob@example.com' }),
    // The other site's user is an admin there: no role on one site may reach into another.
    otherSite: await c.accessTokenFor({
      id: 'carol',
      site: 'taxed',
      email: 'carol@example.com',
      roles: ['admin'],
    }),
    staff: await c.accessTokenFor({ id: 'stan', site: 'acme', email: 'stan@example.com', roles: ['staff'] }),
    admin: await c.accessTokenFor({ id: 'ada', site: 'acme', email: 'ada@example.com', roles: ['admin'] }),
  };
  const headersOf = (p: Principal) => (p === 'anonymous' ? {} : bearer(tokens[p]));

  const ok = async (what: string, res: { statusCode: number; body: string }) => {
    if (res.statusCode >= 300) throw new Error(`${what} answered ${res.statusCode}: ${res.body}`);
    return JSON.parse(res.body) as Record<string, unknown>;
  };
  const asA = bearer(tokens.userA);

  // A's resources, made as A would make them.
  const methodA = await c.addCard('alice');
  const bought = await ok('subscribe', await c.subscribe('alice', c.cardOrder('monthly', methodA)));
  const purchaseA = String((bought.purchase as { id?: string } | undefined)?.id ?? bought.id);
  const listed = await ok(
    'watch-list add',
    await h.app.inject({
      method: 'POST',
      url: '/v2/me/sites/acme/watch-list',
      headers: asA,
      payload: { contentId: 'v1' },
    }),
  );
  await ok(
    'progress',
    await h.app.inject({
      method: 'POST',
      url: '/v2/me/sites/acme/history-progress',
      headers: asA,
      payload: { history: [{ id: 'v1', progress: 10 }] },
    }),
  );
  /** Registers a TV and activates it as A; answers its id. */
  const tvOfA = async (deviceId: string) => {
    const tv = await ok(
      'tv register',
      await h.app.inject({
        method: 'POST',
        url: '/v2/sites/acme/second-screens',
        payload: { deviceId, deviceType: 'webtv' },
      }),
    );
    await ok(
      'tv activate',
      await h.app.inject({
        method: 'PUT',
        url: `/v2/sites/acme/second-screens/${encodeURIComponent(String(tv.code))}`,
        headers: asA,
      }),
    );
    const row = await db
      .selectFrom('second_screens')
      .select('id')
      .where('device_id', '=', deviceId)
      .executeTakeFirstOrThrow();
    return String(row.id);
  };

  const grant = await ok(
    'grant',
    await h.app.inject({
      method: 'POST',
      url: '/v2/admin/sites/acme/users/alice/grants',
      headers: bearer(tokens.admin),
      payload: { bundleId: 'annual', description: 'comp' },
    }),
  );

  const shared = await ok(
    'short links',
    await h.app.inject({
      method: 'POST',
      url: '/v2/sites/acme/short-links',
      payload: { path: '/channel/news/v1' },
    }),
  );

  /** Ids of A's resources, by the names route entries use in `params`. */
  const ids: Record<string, string> = {
    purchaseA,
    addressA: addressId('alice', c.cardOrder('monthly', methodA).billingAddress),
    methodA,
    watchListItemA: String(listed.id),
    progressA: 'v1',
    deviceA: await tvOfA('tv-of-alice'),
    otherDeviceA: await tvOfA('other-tv-of-alice'),
    grantA: String(grant.id),
    userA: 'alice',
    shortLink: String((shared.links as { x: string }).x).replace('/s/', ''),
  };

  return { ...c, routes, tokens, headersOf, ids, db };
}

export type SecurityWorld = Awaited<ReturnType<typeof securityWorld>>;

/** Every table with its columns (migrations' bookkeeping and full-text shadow tables left out). */
export async function tableColumns(db: Db): Promise<Map<string, string[]>> {
  const tables = await db.introspection.getTables();
  return new Map(
    tables
      .filter((t) => !/^kysely_|_fts(_|$)/.test(t.name))
      .map((t) => [t.name, t.columns.map((c) => c.name)] as const),
  );
}

/**
 * A fingerprint per table of the given columns of every row: a 4xx answer must leave every
 * fingerprint as it found it. One query for all tables: PostgreSQL hashes each table's rows, SQLite
 * concatenates them.
 */
export async function snapshot(
  db: Db,
  tables: Map<string, string[]>,
  postgres: boolean,
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const rowsOf = (t: string, cols: string[]) =>
    sql`select ${sql.join(cols.map((c) => sql.ref(c)))} from ${sql.table(t)}`;
  if (postgres) {
    const hashes = [...tables].map(
      ([t, cols]) =>
        sql`select ${t} as t, md5(coalesce(string_agg(x::text, ',' order by x::text), '')) as h from (${rowsOf(t, cols)}) x`,
    );
    const rows = await sql<{ t: string; h: string }>`${sql.join(hashes, sql` union all `)}`.execute(db);
    for (const r of rows.rows) out.set(r.t, r.h);
    return out;
  }
  const parts = [...tables].map(
    ([t, cols]) =>
      sql`select ${t} as t, (select group_concat(j, char(10)) from (select json_array(${sql.join(
        cols.map((c) => sql.ref(c)),
      )}) as j from ${sql.table(t)} order by j)) as h`,
  );
  const rows = await sql<{ t: string; h: string | null }>`${sql.join(parts, sql` union all `)}`.execute(db);
  for (const r of rows.rows) out.set(r.t, r.h ?? '');
  return out;
}
