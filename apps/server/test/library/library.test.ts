import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetRow, videoRow } from '../fixtures';
import { bundleRow, entitlementsHarness, insertPurchase, purchaseRow } from '../entitlements/fixtures';

let t: Awaited<ReturnType<typeof entitlementsHarness>>;
const grants = (userId: string) => `/v2/admin/sites/acme/users/${userId}/grants`;
const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n)).toISOString();

/** Eleven public movies across news and cinema, one private and one unlisted in news, two bought one by one. */
const PUBLIC_MOVIES = ['m-news', ...Array.from({ length: 9 }, (_, i) => `m-cinema-${i}`), 'm-bought'];

beforeAll(async () => {
  t = await entitlementsHarness();
  const db = t.h.db;
  await db.insertInto('media_assets').values(assetRow('acme', 'a1')).execute();
  for (const id of ['cinema', 'shows'])
    await db
      .insertInto('channels')
      .values({ site_uid: 'acme', id, name: id, type: 'videos', description: '', position: 1 })
      .execute();
  const series = (uid: string, default_channel: string | null, n: number) => ({
    site_uid: 'acme',
    uid,
    title: `Series ${uid}`,
    description: '',
    poster: null,
    published_at: day(n),
    mpaa: null,
    directors: '[]',
    cast: '[]',
    genres: '[]',
    default_channel,
    age_gate: null,
  });
  await db
    .insertInto('series')
    .values([
      series('s-news', 'news', 1),
      series('s-ep-news', 'shows', 2),
      series('s-bought', 'shows', 3),
      series('s-single', 'shows', 4),
      series('s-none', 'shows', 5),
    ])
    .execute();
  const movie = (uid: string, n: number, over: Parameters<typeof videoRow>[2] = {}) =>
    videoRow('acme', uid, {
      type: 'movie',
      access_type: 'paid',
      channel_id: 'cinema',
      asset_id: 'a1',
      published_at: day(n),
      ...over,
    });
  const episode = (uid: string, seriesUid: string, channel: string) =>
    videoRow('acme', uid, {
      type: 'episode',
      access_type: 'paid',
      series_uid: seriesUid,
      season: 1,
      episode: 1,
      channel_id: channel,
      asset_id: 'a1',
    });
  await db
    .insertInto('videos')
    .values([
      movie('m-news', 20, { channel_id: 'news' }),
      ...Array.from({ length: 9 }, (_, i) => movie(`m-cinema-${i}`, 10 + i)),
      movie('m-bought', 5),
      movie('m-private', 30, { channel_id: 'news', status: 'private' }),
      movie('m-unlisted', 31, { channel_id: 'news', status: 'unlisted' }),
      movie('m-unlisted-bought', 4, { status: 'unlisted' }),
      movie('m-extra', 32, { channel_id: 'news', extra_of: 'm-news' }),
      videoRow('acme', 'v-news', { channel_id: 'news', access_type: 'paid', asset_id: 'a1' }),
      episode('e-news', 's-ep-news', 'news'),
      episode('e-bought', 's-bought', 'shows'),
      episode('e-single', 's-single', 'shows'),
      episode('e-none', 's-none', 'shows'),
    ])
    .execute();
  await db
    .insertInto('bundles')
    .values(
      bundleRow('b-items', 'PRODUCT', {
        plan_type: 'single',
        video_uids: '["m-bought","m-unlisted-bought","e-bought","m-private"]',
      }),
    )
    .execute();
  // viewer2's purchases (before any request of theirs, so no cached entitlements hide them).
  await insertPurchase(
    t.h.db,
    purchaseRow('viewer2', 'b-items', {
      type: 'PRODUCT',
      access_info: JSON.stringify({ contentType: 'series', contentUid: 's-single' }),
    }),
  );
  await insertPurchase(t.h.db, purchaseRow('viewer2', 'b-site', { status: 'suspended' }));
  await insertPurchase(t.h.db, purchaseRow('viewer2', 'b-news', { type: 'CHANNELS', available_to: day(-1) }));
});
afterAll(() => t.h.close());

const library = (query: string, headers: Record<string, string> = t.tokens.viewer, site = 'acme') =>
  t.h.app.inject({ url: `/v2/me/sites/${site}/library${query}`, headers });
const uids = async (query: string, headers?: Record<string, string>) => {
  const res = await library(query, headers);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().items as { uid: string }[]).map((i) => i.uid);
};
const grant = async (userId: string, bundleId: string) => {
  const res = await t.h.app.inject({
    method: 'POST',
    url: grants(userId),
    headers: t.tokens.admin,
    payload: { bundleId },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
};
const revoke = async (userId: string, id: string) => {
  const res = await t.h.app.inject({
    method: 'DELETE',
    url: `${grants(userId)}/${id}`,
    headers: t.tokens.admin,
  });
  expect(res.statusCode).toBe(204);
};

describe('GET /v2/me/sites/{site}/library — refused', () => {
  it('401 without a bearer token or with a bad one, before looking at the query', async () => {
    for (const headers of [{}, { authorization: 'Bearer nope' }] as Record<string, string>[]) {
      const res = await library('?type=bogus&page=-1', headers);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('unauthorized');
    }
  });

  it('400 naming the field: a missing or unknown type, a bad page or pageSize', async () => {
    for (const [query, field] of [
      ['', 'type'],
      ['?type=videos', 'type'],
      ['?type=MOVIES', 'type'],
      ['?type=movies&page=-1', 'page'],
      ['?type=movies&page=x', 'page'],
      ['?type=series&page=1.5', 'page'],
      ['?type=movies&pageSize=0', 'pageSize'],
      ['?type=movies&pageSize=101', 'pageSize'],
      ['?type=series&pageSize=ten', 'pageSize'],
    ] as const) {
      const res = await library(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.field, query).toBe(field);
    }
  });

  it("404 for an unknown site, 403 wrongSite for another site's account", async () => {
    const unknown = await library('?type=movies', t.tokens.viewer, 'nope');
    expect(unknown.statusCode).toBe(404);
    const other = await library('?type=movies', t.tokens.otherAdmin);
    expect(other.statusCode).toBe(403);
    expect(other.json().error).toMatchObject({ code: 'wrongSite', field: 'site' });
  });
});

describe('GET /v2/me/sites/{site}/library — what purchases own', () => {
  it('is empty without a purchase, in the paginated shape with pages of 10, and never shared', async () => {
    const res = await library('?type=movies');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json()).toEqual({
      items: [],
      current_page: 0,
      items_per_page: 10,
      next_page: null,
      prev_page: null,
      total_items: 0,
      total_pages: 0,
    });
    expect(await uids('?type=series')).toEqual([]);
  });

  it('CHANNELS: the channel’s listed movies, series by default channel or by an episode in it; gone after the revoke', async () => {
    const id = await grant('viewer', 'b-news');
    try {
      expect(await uids('?type=movies')).toEqual(['m-news']);
      expect(await uids('?type=series')).toEqual(['s-ep-news', 's-news']);
      // Not another viewer's.
      expect(await uids('?type=movies', t.tokens.viewer2)).toEqual([]);
    } finally {
      await revoke('viewer', id);
    }
    expect(await uids('?type=movies')).toEqual([]);
    expect(await uids('?type=series')).toEqual([]);
  });

  it('PRODUCT: its movies (also unlisted, never private) and the series of its episodes', async () => {
    const id = await grant('viewer', 'b-items');
    try {
      expect(await uids('?type=movies')).toEqual(['m-bought', 'm-unlisted-bought']);
      const series = (await library('?type=series')).json();
      expect(series.items.map((s: { uid: string }) => s.uid)).toEqual(['s-bought']);
      expect(series.items[0]).toMatchObject({ uid: 's-bought', title: 'Series s-bought' });
    } finally {
      await revoke('viewer', id);
    }
    expect(await uids('?type=movies')).toEqual([]);
  });

  it('ENTIRE_SITE: every listed movie (newest first, paged by 10) and every series', async () => {
    const id = await grant('viewer', 'b-site');
    try {
      const first = (await library('?type=movies')).json();
      expect(first).toMatchObject({ current_page: 0, next_page: 1, total_items: 11, total_pages: 2 });
      const second = (await library('?type=movies&page=1')).json();
      expect(second).toMatchObject({ current_page: 1, next_page: null, prev_page: 0 });
      const all = [...first.items, ...second.items].map((m: { uid: string }) => m.uid);
      expect(all).toEqual(['m-news', ...[8, 7, 6, 5, 4, 3, 2, 1, 0].map((i) => `m-cinema-${i}`), 'm-bought']);
      expect(new Set(all)).toEqual(new Set(PUBLIC_MOVIES));
      expect(first.items[0]).toMatchObject({ uid: 'm-news', type: 'movie' });
      expect(await uids('?type=movies&pageSize=3&page=1')).toEqual([
        'm-cinema-6',
        'm-cinema-5',
        'm-cinema-4',
      ]);
      expect(await uids('?type=series')).toEqual(['s-none', 's-single', 's-bought', 's-ep-news', 's-news']);
    } finally {
      await revoke('viewer', id);
    }
    expect(await uids('?type=series')).toEqual([]);
  });

  it('a purchase of one series (accessInfo) owns that series only; a suspended or ended purchase nothing', async () => {
    expect(await uids('?type=series', t.tokens.viewer2)).toEqual(['s-single']);
    expect(await uids('?type=movies', t.tokens.viewer2)).toEqual([]);
    expect(await uids('?type=series')).toEqual([]);
  });
});
