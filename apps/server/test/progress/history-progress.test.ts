import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acmeCatalog, CatalogFixture } from '../fixtures';
import { accountsHarness, bearer, type AccountsHarness } from '../support/accounts';

// GET, POST and DELETE /v2/me/sites/{site}/history-progress (playback-and-social §4.8, §7 Progress).
let t: AccountsHarness;
let token: string;
let otherToken: string;
const url = (site = 'acme', suffix = '') => `/v2/me/sites/${site}/history-progress${suffix}`;

beforeAll(async () => {
  t = await accountsHarness({ sites: [] });
  const acme = acmeCatalog();
  // An hour-long video and episode, so positions can be unfinished (the fixtures' media are 30 s).
  acme
    .asset('a-long', { duration_s: 3600 })
    .video('long', { channel_id: 'news', asset_id: 'a-long', duration_s: 3600 })
    .video('s1e9', {
      type: 'episode',
      series_uid: 's1',
      season: 1,
      episode: 9,
      asset_id: 'a-long',
      duration_s: 3600,
    });
  await acme.insert(t.h.db);
  await new CatalogFixture('other').insert(t.h.db);
  await t.insertUser({ id: 'u1', site_uid: 'acme', email: 'u1@acme.test' });
  await t.insertUser({ id: 'u2', site_uid: 'acme', email: 'u2@acme.test' });
  token = await t.accessTokenFor({ id: 'u1', site: 'acme', email: 'u1@acme.test' });
  otherToken = await t.accessTokenFor({ id: 'u2', site: 'acme', email: 'u2@acme.test' });
});
afterAll(() => t.h.close());

const call = (method: 'GET' | 'POST' | 'DELETE', path: string, auth?: string, payload?: object) =>
  t.h.app.inject({ method, url: path, headers: bearer(auth), ...(payload ? { payload } : {}) });
const save = (history: object[], auth = token) => call('POST', url(), auth, { history });

describe('history-progress refuses', () => {
  it('401s without a bearer token, on every method', async () => {
    expect((await call('GET', url())).statusCode).toBe(401);
    expect(
      (await call('POST', url(), undefined, { history: [{ id: 'long', progress: 1 }] })).statusCode,
    ).toBe(401);
    expect((await call('DELETE', url('acme', '/long'))).statusCode).toBe(401);
  });

  it('404s an unknown site and 403s another site than the account’s', async () => {
    expect((await call('GET', url('nowhere'), token)).statusCode).toBe(404);
    const res = await call('GET', url('other'), token);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: 'wrongSite', field: 'site' });
  });

  it('400s a bad batch, naming the field', async () => {
    for (const [body, field] of [
      [{}, 'history'],
      [{ history: [] }, 'history'],
      [{ history: [{ progress: 3 }] }, 'history.0.id'],
      [{ history: [{ id: 'long', progress: -1 }] }, 'history.0.progress'],
      [{ history: [{ id: 'long', progress: 'x' }] }, 'history.0.progress'],
    ] as const) {
      const res = await call('POST', url(), token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.field).toBe(field);
    }
  });

  it('400s bad paging and a bad unfinished flag', async () => {
    for (const query of ['page=-1', 'pageSize=51', 'pageSize=0', 'unfinished=maybe']) {
      const res = await call('GET', `${url()}?${query}`, token);
      expect(res.statusCode, query).toBe(400);
    }
  });

  it('404s deleting a video that is not in the history', async () => {
    expect((await call('DELETE', url('acme', '/v1'), token)).statusCode).toBe(404);
  });
});

describe('history-progress', () => {
  it('keeps good items of a batch and lists the ones it could not keep', async () => {
    const res = await save([
      { id: 'long', progress: 10 },
      { id: 'nope', progress: 5 },
      { id: 'le-live', progress: 5 },
      { id: 'long', progress: 600 }, // the batch's last report of a video wins
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      saved: 1,
      rejected: [
        { id: 'nope', code: 'notFound' },
        { id: 'le-live', code: 'notTrackable' },
      ],
    });
    const list = (await call('GET', url(), token)).json();
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({
      id: 'long',
      type: 'video',
      progress: 600,
      duration: 3600,
      finished: false,
      seriesId: null,
      video: { uid: 'long' },
    });
  });

  it('decides finished by the spec rule: under 60 s left, or under 120 s in all', async () => {
    await save([
      { id: 's1e9', progress: 3541 },
      { id: 'v1', progress: 1 }, // a 30 s video
    ]);
    const items = (await call('GET', url(), token)).json().items as { id: string; finished: boolean }[];
    const byId = Object.fromEntries(items.map((i) => [i.id, i]));
    expect(byId.s1e9).toMatchObject({ finished: true, seriesId: 's1', type: 'episode' });
    expect(byId.v1).toMatchObject({ finished: true });
    expect(byId.long).toMatchObject({ finished: false });
  });

  it('lists continue watching (unfinished only), newest first, in pages, per viewer', async () => {
    t.clock.now += 1000;
    await save([{ id: 's1e9', progress: 100 }]); // rewatched: unfinished again
    const cw = (await call('GET', `${url()}?unfinished=true`, token)).json();
    expect(cw.items.map((i: { id: string }) => i.id)).toEqual(['s1e9', 'long']);
    expect(cw).toMatchObject({ total_items: 2, items_per_page: 50, next_page: null });
    const paged = (await call('GET', `${url()}?unfinished=true&pageSize=1&page=1`, token)).json();
    expect(paged.items.map((i: { id: string }) => i.id)).toEqual(['long']);
    expect(paged).toMatchObject({ current_page: 1, prev_page: 0, total_pages: 2 });
    expect((await call('GET', url(), otherToken)).json().items).toEqual([]);
  });

  it('forgets one video on DELETE', async () => {
    expect((await call('DELETE', url('acme', '/long'), token)).statusCode).toBe(204);
    const ids = (await call('GET', url(), token)).json().items.map((i: { id: string }) => i.id);
    expect(ids).not.toContain('long');
    expect((await call('DELETE', url('acme', '/long'), token)).statusCode).toBe(404);
  });
});
