import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acmeCatalog, CatalogFixture } from '../fixtures';
import { accountsHarness, bearer, type AccountsHarness } from '../support/accounts';

// GET, POST and DELETE /v2/me/sites/{siteUid}/watch-list (playback-and-social §3, §4.11, §7 Watch
// list; discovery-and-site §3, §9 "Watch list page 1000"; decision 0019).
let t: AccountsHarness;
let token: string;
let otherToken: string;
let fullToken: string;
let noListToken: string;
const url = (site = 'acme', suffix = '') => `/v2/me/sites/${site}/watch-list${suffix}`;

type Item = {
  _id: string;
  id: string;
  contentId: string;
  contentType: string;
  video: { uid: string; title: string; img: string | null };
  series: { uid: string; title: string } | null;
  progress: number | null;
};

beforeAll(async () => {
  t = await accountsHarness({ sites: [] });
  const acme = acmeCatalog();
  // A series of hour-long episodes, so a saved position can leave one unfinished (the fixtures' are 30 s).
  acme.asset('a-long', { duration_s: 3600 }).seriesRow('sl', { title: 'Long Series' });
  for (const [uid, season, episode] of [
    ['sl-1', 1, 1],
    ['sl-2', 1, 2],
    ['sl-3', 2, 1],
  ] as const)
    acme.video(uid, {
      type: 'episode',
      series_uid: 'sl',
      season,
      episode,
      asset_id: 'a-long',
      duration_s: 3600,
    });
  await acme.insert(t.h.db);
  await new CatalogFixture('other').insert(t.h.db);
  await new CatalogFixture('nolist').insert(t.h.db);
  await t.h.db
    .updateTable('sites')
    .set({ perms: '{"watchList":false}' })
    .where('uid', '=', 'nolist')
    .execute();
  const users = [
    ['u1', 'acme'],
    ['u2', 'acme'],
    ['u-full', 'acme'],
    ['u3', 'nolist'],
  ] as const;
  for (const [id, site] of users) await t.insertUser({ id, site_uid: site, email: `${id}@${site}.test` });
  const signed = await Promise.all(
    users.map(([id, site]) => t.accessTokenFor({ id, site, email: `${id}@${site}.test` })),
  );
  [token, otherToken, fullToken, noListToken] = signed as [string, string, string, string];
});
afterAll(() => t.h.close());

const call = (method: 'GET' | 'POST' | 'DELETE', path: string, auth?: string, payload?: unknown) =>
  t.h.app.inject({
    method,
    url: path,
    headers: bearer(auth),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
const add = (body: object, auth = token) => call('POST', url(), auth, body);
const list = async (auth = token, query = '') => {
  const res = await call('GET', `${url()}${query}`, auth);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: Item[]; totalItems: number };
};
const saveProgress = (id: string, progress: number) =>
  call('POST', `/v2/me/sites/acme/history-progress`, token, { history: [{ id, progress }] });

describe('watch-list refuses', () => {
  it('401s without a bearer token, on every method, before looking at the request', async () => {
    expect((await call('GET', url())).statusCode).toBe(401);
    expect((await call('POST', url(), undefined, { contentId: 'm1' })).statusCode).toBe(401);
    expect((await call('POST', url(), undefined, {})).statusCode).toBe(401);
    expect((await call('DELETE', url('acme', '/m1'))).statusCode).toBe(401);
    const expired = await call('GET', url(), 'not-a-jwt');
    expect(expired.statusCode).toBe(401);
  });

  it('404s an unknown site, 403s another site than the account’s and a site without the watch list', async () => {
    expect((await call('GET', url('nowhere'), token)).statusCode).toBe(404);
    for (const res of [
      await call('GET', url('other'), token),
      await call('POST', url('other'), token, { contentId: 'm1' }),
      await call('DELETE', url('other', '/m1'), token),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toMatchObject({ code: 'wrongSite', field: 'site' });
    }
    const off = await call('GET', url('nolist'), noListToken);
    expect(off.statusCode).toBe(403);
    expect(off.json().error.code).toBe('watchListDisabled');
  });

  it('400s a bad body, naming the field', async () => {
    for (const [body, field] of [
      [{}, 'contentId'],
      [{ contentId: '' }, 'contentId'],
      [{ contentId: 'two words' }, 'contentId'],
      [{ contentId: 'x'.repeat(101) }, 'contentId'],
      [{ contentId: 42 }, 'contentId'],
      [{ contentId: 'm1', video: 'm1' }, 'video'],
      [{ contentId: 'm1', video: { type: 'podcast' } }, 'video.type'],
    ] as const) {
      const res = await add(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.field, JSON.stringify(body)).toBe(field);
    }
  });

  it('400s bad paging (page size 1 to 1000)', async () => {
    for (const query of ['pageSize=0', 'pageSize=1001', 'page=-1', 'pageSize=many']) {
      const res = await call('GET', `${url()}?${query}`, token);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.field, query).toMatch(/^page/);
    }
  });

  it('404s content the catalog does not serve, naming contentId', async () => {
    for (const body of [
      { contentId: 'nope' },
      { contentId: 'v-private' },
      { contentId: 'm1', video: { type: 'series' } }, // the hint says series: m1 is a movie
      { contentId: 's1', video: { type: 'movie' } }, // the hint says video: s1 is a series
      { contentId: 's-empty' }, // a series without episodes has nothing to watch
    ]) {
      const res = await add(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(404);
      expect(res.json().error).toMatchObject({ code: 'notFound', field: 'contentId' });
    }
    expect((await list()).totalItems).toBe(0);
  });

  it('404s removing what is not in the list', async () => {
    const res = await call('DELETE', url('acme', '/m1'), token);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.field).toBe('id');
  });

  it('409s a 1001st title: the list is the one page of 1000', async () => {
    await t.h.db
      .insertInto('watch_list_items')
      .values(
        Array.from({ length: 1000 }, (_, i) => ({
          id: `full-${i}`,
          user_id: 'u-full',
          site_uid: 'acme',
          content_id: `gone-${i}`,
          content_type: 'video',
          created_at: '2026-01-01T00:00:00.000Z',
        })),
      )
      .execute();
    const res = await add({ contentId: 'm1' }, fullToken);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'watchListFull', field: 'contentId' });
    // Titles the catalog no longer has are not listed (and not counted in totalItems).
    expect((await list(fullToken)).totalItems).toBe(0);
  });
});

describe('watch list', () => {
  it('adds a movie (201) and builds the item from the catalog, never from the client’s video', async () => {
    const res = await add({
      contentId: 'm1',
      video: { uid: 'm1', type: 'movie', title: 'Hacked title', img: 'https://evil.test/x.jpg' },
    });
    expect(res.statusCode).toBe(201);
    const item = res.json() as Item;
    expect(item).toMatchObject({ contentId: 'm1', contentType: 'video', series: null, progress: null });
    expect(item.id).toBe(item._id);
    expect(item.video).toMatchObject({ uid: 'm1', title: 'Video m1' });
    expect(item.video.img).not.toContain('evil');
    const { items } = await list();
    expect(items[0]?.video.title).toBe('Video m1');
  });

  it('adds idempotently: a second add answers 200 with the same item, and a race keeps one', async () => {
    const first = (await list()).items[0]!;
    const again = await add({ contentId: 'm1' });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.id);

    t.clock.now += 1000;
    const raced = await Promise.all([add({ contentId: 'v1' }), add({ contentId: 'v1' })]);
    expect(raced.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    expect(raced[0]!.json().id).toBe(raced[1]!.json().id);
    const { items, totalItems } = await list();
    expect(totalItems).toBe(2);
    expect(items.filter((i) => i.contentId === 'v1')).toHaveLength(1);
  });

  it('lists newest first, in pages, and only the viewer’s own', async () => {
    t.clock.now += 1000;
    expect((await add({ contentId: 'v2' })).statusCode).toBe(201);
    const { items, totalItems } = await list();
    expect(items.map((i) => i.contentId)).toEqual(['v2', 'v1', 'm1']);
    expect(totalItems).toBe(3);
    const page = await list(token, '?pageSize=2&page=1');
    expect(page.items.map((i) => i.contentId)).toEqual(['m1']);
    expect(page.totalItems).toBe(3);
    expect(await list(otherToken)).toEqual({ items: [], totalItems: 0 });
  });

  it('gives a series its next unfinished episode, by the viewer’s progress', async () => {
    t.clock.now += 1000;
    const added = await add({ contentId: 'sl', video: { type: 'series' } });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({
      contentId: 'sl',
      contentType: 'series',
      series: { uid: 'sl', title: 'Long Series' },
      video: { uid: 'sl-1' },
      progress: null,
    });
    const seriesItem = async () => (await list()).items.find((i) => i.contentId === 'sl')!;

    // Under 60 s left: finished, so the next one is due.
    expect((await saveProgress('sl-1', 3590)).json().saved).toBe(1);
    expect((await seriesItem()).video.uid).toBe('sl-2');
    // Half-way through: still the one to continue, with its position.
    await saveProgress('sl-2', 600);
    expect(await seriesItem()).toMatchObject({ video: { uid: 'sl-2' }, progress: 600 });
    // Finished: the next season's first episode.
    await saveProgress('sl-2', 3599);
    expect(await seriesItem()).toMatchObject({ video: { uid: 'sl-3' }, progress: null });
    // Another viewer's list starts the series from the beginning.
    await add({ contentId: 'sl' }, otherToken);
    expect((await list(otherToken)).items[0]?.video.uid).toBe('sl-1');
  });

  it('finds a series by its uid without the hint, and gives a movie its progress', async () => {
    expect((await add({ contentId: 's1' }, otherToken)).json()).toMatchObject({
      contentType: 'series',
      video: { uid: 's1e1' },
    });
    await saveProgress('m1', 10);
    expect((await list()).items.find((i) => i.contentId === 'm1')?.progress).toBe(10);
  });

  it('leaves out titles the catalog stops serving, and lists them again when they return', async () => {
    await t.h.db.updateTable('videos').set({ status: 'private' }).where('uid', '=', 'v2').execute();
    const hidden = await list();
    expect(hidden.items.map((i) => i.contentId)).not.toContain('v2');
    expect(hidden.totalItems).toBe(3);
    await t.h.db.updateTable('videos').set({ status: 'public' }).where('uid', '=', 'v2').execute();
    expect((await list()).totalItems).toBe(4);
  });

  it('removes by item id or by contentId (204), then 404s', async () => {
    const before = (await list()).items;
    const v2 = before.find((i) => i.contentId === 'v2')!;
    expect((await call('DELETE', url('acme', `/${v2.id}`), token)).statusCode).toBe(204);
    expect((await call('DELETE', url('acme', '/v1'), token)).statusCode).toBe(204);
    const after = (await list()).items.map((i) => i.contentId);
    expect(after).toEqual(['sl', 'm1']);
    expect((await call('DELETE', url('acme', '/v1'), token)).statusCode).toBe(404);
    // Another viewer cannot remove this viewer's item.
    const m1 = before.find((i) => i.contentId === 'm1')!;
    expect((await call('DELETE', url('acme', `/${m1.id}`), otherToken)).statusCode).toBe(404);
    expect((await list()).totalItems).toBe(2);
  });

  it('goes with the account: deleting the user deletes the list', async () => {
    await t.h.db.deleteFrom('users').where('id', '=', 'u-full').execute();
    const left = await t.h.db
      .selectFrom('watch_list_items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', 'u-full')
      .executeTakeFirstOrThrow();
    expect(Number(left.n)).toBe(0);
  });
});
