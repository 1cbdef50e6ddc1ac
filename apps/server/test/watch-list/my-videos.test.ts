import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acmeCatalog, CatalogFixture } from '../fixtures';
import { accountsHarness, bearer, type AccountsHarness } from '../support/accounts';

// GET /v2/me/sites/{site}/videos/{type}?page&pageSize: the spec's "GET videos/{type}?page"
// (discovery-and-site §7 Watch list) at a path of its own (decisions 0057, 0060).
let t: AccountsHarness;
const tokens: Record<string, string> = {};
const url = (type: string, query = '', site = 'acme') => `/v2/me/sites/${site}/videos/${type}${query}`;
const get = (path: string, user?: string) =>
  t.h.app.inject({ method: 'GET', url: path, headers: bearer(user ? tokens[user] : undefined) });
const post = (path: string, user: string, payload: object) =>
  t.h.app.inject({ method: 'POST', url: path, headers: bearer(tokens[user]), payload });

beforeAll(async () => {
  t = await accountsHarness({ sites: [] });
  await acmeCatalog().insert(t.h.db);
  await new CatalogFixture('other').insert(t.h.db);
  for (const id of ['u1', 'u2']) {
    await t.insertUser({ id, site_uid: 'acme', email: `${id}@acme.test` });
    tokens[id] = await t.accessTokenFor({ id, site: 'acme', email: `${id}@acme.test` });
  }
});
afterAll(() => t.h.close());

describe('videos/{type} refuses', () => {
  it('401s without a token, before any 400', async () => {
    expect((await get(url('favorites'))).statusCode).toBe(401);
    expect((await get(url('nope', '?page=-1'))).statusCode).toBe(401);
  });

  it('400s an unknown type and bad paging, naming the field', async () => {
    const cases: [string, string][] = [
      [url('purchased'), 'type'],
      [url('favorites', '?page=-1'), 'page'],
      [url('favorites', '?pageSize=0'), 'pageSize'],
      [url('history', '?pageSize=101'), 'pageSize'],
      [url('history', '?page=x'), 'page'],
    ];
    for (const [path, field] of cases) {
      const res = await get(path, 'u1');
      expect(res.statusCode, path).toBe(400);
      expect(res.json().error.field, path).toBe(field);
    }
    expect((await get(url('purchased'), 'u1')).json().error.message).toContain('favorites, history');
  });

  it('404s an unknown site and 403s another site than the account’s', async () => {
    expect((await get(url('favorites', '', 'nowhere'), 'u1')).statusCode).toBe(404);
    const res = await get(url('favorites', '', 'other'), 'u1');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('wrongSite');
  });
});

describe('videos/{type}', () => {
  it('favorites: the viewer’s own, newest first, paginated', async () => {
    expect((await get(url('favorites'), 'u1')).json()).toMatchObject({ items: [], total_items: 0 });
    for (const uid of ['v3', 'v1', 'v2']) {
      t.clock.now += 1000;
      expect(
        (await post(`/v2/sites/acme/videos/${uid}/user-favorites`, 'u1', { favorite: true })).statusCode,
      ).toBe(200);
    }
    await post('/v2/sites/acme/videos/v4/user-favorites', 'u2', { favorite: true });

    const first = await get(url('favorites', '?pageSize=2'), 'u1');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-store');
    expect(first.json()).toMatchObject({
      current_page: 0,
      items_per_page: 2,
      next_page: 1,
      total_items: 3,
      total_pages: 2,
    });
    expect(first.json().items.map((v: { uid: string }) => v.uid)).toEqual(['v2', 'v1']);
    const second = (await get(url('favorites', '?page=1&pageSize=2'), 'u1')).json();
    expect(second.items.map((v: { uid: string }) => v.uid)).toEqual(['v3']);
    expect((await get(url('favorites'), 'u2')).json().items.map((v: { uid: string }) => v.uid)).toEqual([
      'v4',
    ]);
  });

  it('history: the videos the viewer has a position on, most recent first', async () => {
    t.clock.now += 1000;
    await post('/v2/me/sites/acme/history-progress', 'u2', { history: [{ id: 'v1', progress: 30 }] });
    t.clock.now += 1000;
    await post('/v2/me/sites/acme/history-progress', 'u2', { history: [{ id: 'v2', progress: 5 }] });
    const res = await get(url('history'), 'u2');
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((v: { uid: string }) => v.uid)).toEqual(['v2', 'v1']);
    expect(res.json().items[0]).toMatchObject({ uid: 'v2', title: expect.any(String) });
    expect((await get(url('history'), 'u1')).json().total_items).toBe(0);
  });
});
