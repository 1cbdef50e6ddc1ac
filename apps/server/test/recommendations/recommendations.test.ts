import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRecommendationsRepository } from '../../src/modules/recommendations/recommendations.repository';
import { createRecommendationsService } from '../../src/modules/recommendations/recommendations.service';
import { CatalogFixture } from '../fixtures';
import { accountsHarness, bearer, type AccountsHarness } from '../support/accounts';

// Plays, popular and recommended (issue 4 item 11, decision 0018): "Popular comes from real play
// counts, recent from publish dates, and recommended from what viewers who watched this also
// watched, falling back to shared tags/genres."
let t: AccountsHarness;
const SITE_OF = { x: 'rec', y: 'rec', w: 'rec', o: 'other' } as const;
/** A fresh access token of a test user (they last 15 minutes of the moving clock). */
const token = (id: keyof typeof SITE_OF) =>
  t.accessTokenFor({ id, site: SITE_OF[id], email: `${id}@${SITE_OF[id]}.test` });
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await accountsHarness({ sites: [] });
  const live = {
    start: new Date(t.clock.now - HOUR).toISOString(),
    end: new Date(t.clock.now + HOUR).toISOString(),
  };
  const f = new CatalogFixture('rec').asset('a-long', { duration_s: 3600 }).channel('ch', 'videos');
  const v = (uid: string, over: Parameters<CatalogFixture['video']>[1]) =>
    f.video(uid, { channel_id: 'ch', asset_id: 'a-long', duration_s: 3600, ...over });
  v('a', { tags: '["space"]', published_at: '2026-01-10T00:00:00.000Z' });
  v('b', { tags: '["space"]', published_at: '2026-01-09T00:00:00.000Z' });
  v('c', { tags: '["cooking"]', published_at: '2026-01-08T00:00:00.000Z' });
  v('d', { tags: '["Cooking"]', published_at: '2026-01-07T00:00:00.000Z' });
  v('e', { tags: '["space","docs"]', published_at: '2026-01-06T00:00:00.000Z', view_count: 50 });
  v('f', { published_at: '2026-01-05T00:00:00.000Z', like_count: 10 });
  v('g', { published_at: '2026-01-04T00:00:00.000Z', view_count: 100 });
  v('rl', { published_at: '2025-12-01T00:00:00.000Z', access_type: 'requiresLogin' });
  v('p', { status: 'private' });
  v('le', { type: 'liveEvent', live_event: JSON.stringify({ ...live, ended: false, type: 'stream' }) });
  const movie = (genre: string) => JSON.stringify({ genres: [genre] });
  v('m-scifi', { type: 'movie', movie: movie('Sci-Fi'), published_at: '2026-01-12T00:00:00.000Z' });
  v('m-drama', { type: 'movie', movie: movie('Drama'), published_at: '2026-01-11T00:00:00.000Z' });
  f.seriesRow('sx', { genres: '["Sci-Fi"]' });
  v('sx-1', {
    type: 'episode',
    series_uid: 'sx',
    season: 1,
    episode: 1,
    published_at: '2026-01-03T00:00:00.000Z',
  });
  v('sx-2', {
    type: 'episode',
    series_uid: 'sx',
    season: 1,
    episode: 2,
    published_at: '2026-01-02T00:00:00.000Z',
  });
  await f.insert(t.h.db);
  await new CatalogFixture('other')
    .asset('a-other')
    .video('z', { asset_id: 'a-other' })
    .video('z2', { asset_id: 'a-other' })
    .insert(t.h.db);
  for (const [id, site] of Object.entries(SITE_OF))
    await t.insertUser({ id, site_uid: site, email: `${id}@${site}.test` });
  // An old day of plays of e: all-time (view_count 50 above), outside the 30-day window.
  await t.h.db
    .insertInto('video_play_days')
    .values({ site_uid: 'rec', day: '2026-01-10', video_uid: 'e', plays: 50 })
    .execute();
});
afterAll(() => t.h.close());

/** play-url as a signed-in user (token) or an anonymous client (address and user agent). */
const play = (uid: string, who: { token?: string; ip?: string; ua?: string } = {}, site = 'rec') =>
  t.h.app.inject({
    url: `/v2/sites/${site}/videos/${uid}/play-url`,
    headers: {
      ...bearer(who.token),
      'x-forwarded-for': who.ip ?? '10.0.0.1',
      'user-agent': who.ua ?? 'test-agent',
    },
  });
let reads = 0;
/** A GET with a URL of its own (the shared response cache keys on the URL, for 5 s of real time). */
const get = (path: string, token?: string, fresh = true) =>
  t.h.app.inject({
    url: fresh ? `${path}${path.includes('?') ? '&' : '?'}__source=r${++reads}` : path,
    headers: bearer(token),
  });
const uids = (res: { json: () => { items: { uid: string }[] } }) => res.json().items.map((i) => i.uid);
const viewCount = async (uid: string, site = 'rec') =>
  (
    await t.h.db
      .selectFrom('videos')
      .select('view_count')
      .where('site_uid', '=', site)
      .where('uid', '=', uid)
      .executeTakeFirstOrThrow()
  ).view_count;
const viewerRows = (uid: string, site = 'rec') =>
  t.h.db
    .selectFrom('viewer_plays')
    .selectAll()
    .where('site_uid', '=', site)
    .where('video_uid', '=', uid)
    .execute();

let sentinels = 0;
/**
 * Waits until every play so far is written: plays are queued in order and written in batches, each
 * ending with its view counts, so once a fresh viewer's play of another site's video is counted in
 * view_count, every earlier play is written too.
 */
async function settled() {
  const n = ++sentinels;
  expect((await play('z', { ip: `10.250.0.${n}` }, 'other')).json().url).toBeTruthy();
  await vi.waitFor(async () => expect(await viewCount('z', 'other')).toBe(n), { timeout: 5000 });
}
/** Past the rankings' memory (30 s for a viewer's list, a minute for popular). */
const later = () => {
  t.clock.now += 61_000;
};

describe('recommendations refuse', () => {
  it('404s an unknown site', async () => {
    for (const path of [
      '/v2/sites/nowhere/dynamic-channels/recommended/videos',
      '/v2/sites/nowhere/dynamic-channels/popular/all',
      '/v2/sites/nowhere/videos/a/recommended',
    ]) {
      const res = await get(path, await token('x'));
      expect(res.statusCode, path).toBe(404);
      expect(res.json().error.message).toBe("Site 'nowhere' not found");
    }
  });

  it('404s an unknown or private video for more like this', async () => {
    for (const uid of ['nope', 'p']) {
      const res = await get(`/v2/sites/rec/videos/${uid}/recommended`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'notFound', message: `Video '${uid}' not found` } });
    }
  });

  it('400s bad paging, naming the field, signed in or not', async () => {
    for (const [path, field] of [
      ['/v2/sites/rec/videos/a/recommended?page=-1', 'page'],
      ['/v2/sites/rec/videos/a/recommended?pageSize=0', 'pageSize'],
      ['/v2/sites/rec/videos/a/recommended?pageSize=101', 'pageSize'],
      ['/v2/sites/rec/videos/a%24/recommended', 'uid'],
      ['/v2/sites/rec/dynamic-channels/recommended/all?pageSize=500', 'pageSize'],
      ['/v2/sites/rec/dynamic-channels/recommended/videos?page=x', 'page'],
      ['/v2/sites/rec/dynamic-channels/popular/videos?pageSize=1.5', 'pageSize'],
    ] as const)
      for (const auth of [undefined, await token('x')]) {
        const res = await get(path, auth, false);
        expect(res.statusCode, path).toBe(400);
        expect(res.json().error).toMatchObject({ code: 'invalid', field });
      }
  });
});

describe('plays', () => {
  it('counts a play when play-url hands out a VOD stream, once per viewer and video per 30 minutes', async () => {
    for (let i = 0; i < 3; i++)
      expect((await play('a', { token: await token('x') })).json().url).toBeTruthy();
    await play('a', { ip: '10.0.0.1', ua: 'agent-1' });
    await play('a', { ip: '10.0.0.1', ua: 'agent-1' }); // a reload
    await play('a', { ip: '10.0.0.1', ua: 'agent-2' }); // another device behind the same address
    await settled();
    expect(await viewCount('a')).toBe(3);
    const rows = await viewerRows('a');
    expect(rows.map((r) => r.plays)).toEqual([1, 1, 1]);
    expect(rows.find((r) => r.user_id === 'x')).toMatchObject({ viewer_key: 'u:x', type: 'video' });
    // Anonymous viewers are a keyed hash, never the address itself.
    expect(rows.filter((r) => r.user_id === null).every((r) => /^d:[\w-]{22}$/.test(r.viewer_key))).toBe(
      true,
    );

    t.clock.now += 30 * 60_000;
    await play('a', { token: await token('x') });
    await settled();
    expect(await viewCount('a')).toBe(4);
    expect((await viewerRows('a')).find((r) => r.user_id === 'x')?.plays).toBe(2);
  });

  it('does not count what did not play: refused, live, unknown', async () => {
    expect((await play('rl')).json()).toMatchObject({ code: 10, url: null });
    expect((await play('le')).json().url).toBeTruthy();
    expect((await play('nope')).statusCode).toBe(404);
    await settled();
    expect(await viewCount('rl')).toBe(0);
    expect(await viewCount('le')).toBe(0);
    expect(await viewerRows('le')).toEqual([]);
  });

  it('counts a play once when two processes see it (the database decides)', async () => {
    const services = [0, 1].map(() =>
      createRecommendationsService({
        repo: createRecommendationsRepository(t.h.db),
        now: () => t.clock.now,
        secret: 'another-process',
      }),
    );
    const event = { siteUid: 'other', videoUid: 'z2', type: 'video', userId: null, ip: '10.3.0.1' };
    for (const s of services) s.recordPlay(event);
    await Promise.all(services.map((s) => s.flush()));
    expect(await viewCount('z2', 'other')).toBe(1);
    expect((await viewerRows('z2', 'other')).map((r) => r.plays)).toEqual([1]);
  });
});

describe('popular and recommended from the watch history', () => {
  beforeAll(async () => {
    // Co-viewers: three watched a and b, one a and c; three more watched only c.
    for (const n of [1, 2, 3]) for (const uid of ['a', 'b']) await play(uid, { ip: `10.1.0.${n}` });
    for (const uid of ['a', 'c']) await play(uid, { ip: '10.1.0.4' });
    for (const n of [1, 2, 3]) await play('c', { ip: `10.2.0.${n}` });
    await settled();
    later();
  });

  it('popular = plays of the last 30 days, then all-time plays, then newest', async () => {
    expect([await viewCount('a'), await viewCount('c'), await viewCount('b')]).toEqual([8, 4, 3]);
    // a, c, b by recent plays; g (100) and e (50, an old day) by all-time plays; d, f and rl by date.
    expect(uids(await get('/v2/sites/rec/dynamic-channels/popular/videos'))).toEqual([
      'a',
      'c',
      'b',
      'g',
      'e',
      'd',
      'f',
      'rl',
    ]);
    const page = (await get('/v2/sites/rec/dynamic-channels/popular/videos?page=1&pageSize=2')).json();
    expect(page.items.map((i: { uid: string }) => i.uid)).toEqual(['b', 'g']);
    expect(page).toMatchObject({ total_items: 8, total_pages: 4, next_page: 2 });
    // The popular head is per list: movies have no plays and stay by date.
    expect(uids(await get('/v2/sites/rec/dynamic-channels/popular-movies/movies'))).toEqual([
      'm-scifi',
      'm-drama',
    ]);
  });

  it('recommends what viewers of the signed-in viewer’s history also watched, then shared tags', async () => {
    const res = await get('/v2/sites/rec/dynamic-channels/recommended/videos', await token('x'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    // b: co-watched with a by three viewers (c by one: not enough); e shares the tag "space"; then
    // the global order: likes + 2 × favorites (f), then plays (g, a, c), then newest.
    expect(uids(res)).toEqual(['b', 'e', 'f', 'g', 'a', 'c', 'd', 'rl']);
    expect(res.json().total_items).toBe(8);
    const second = await get(
      '/v2/sites/rec/dynamic-channels/recommended/videos?page=1&pageSize=3',
      await token('x'),
    );
    expect(uids(second)).toEqual(['g', 'a', 'c']);
  });

  it('leaves out what the viewer finished', async () => {
    const saved = await t.h.app.inject({
      method: 'POST',
      url: '/v2/me/sites/rec/history-progress',
      headers: bearer(await token('x')),
      payload: { history: [{ id: 'b', progress: 3590 }] },
    });
    expect(saved.json()).toEqual({ saved: 1, rejected: [] });
    later();
    const list = uids(await get('/v2/sites/rec/dynamic-channels/recommended/videos', await token('x')));
    expect(list).not.toContain('b');
    expect(list).toEqual(['e', 'f', 'g', 'a', 'c', 'd', 'rl']);
  });

  it('falls back to items sharing tags or genres when nobody else watched the same', async () => {
    await play('m-scifi', { token: await token('y') });
    await play('c', { token: await token('w') });
    await settled();
    later();
    // The series' genre matches the movie's: its episodes, newest first, lead the mixed list.
    expect(
      uids(await get('/v2/sites/rec/dynamic-channels/recommended/all?pageSize=3', await token('y'))),
    ).toEqual(['sx-1', 'sx-2', 'f']);
    // c's only co-viewer with other items watched a: one viewer is not enough, so the tag decides
    // (case-insensitively: d is tagged "Cooking").
    expect(
      uids(await get('/v2/sites/rec/dynamic-channels/recommended/videos?pageSize=2', await token('w'))),
    ).toEqual(['d', 'f']);
  });

  it('gives anonymous viewers, and viewers of another site, the global order', async () => {
    const global = ['f', 'g', 'e', 'a', 'c', 'b', 'd', 'rl'];
    expect(uids(await get('/v2/sites/rec/dynamic-channels/recommended/videos'))).toEqual(global);
    expect(uids(await get('/v2/sites/rec/dynamic-channels/recommended/videos', await token('o')))).toEqual(
      global,
    );
    expect(
      uids(await get('/v2/sites/rec/dynamic-channels/recommended/videos', `${await token('x')}x`)),
    ).toEqual(global);
  });

  it('never serves one viewer’s list to another through the shared cache', async () => {
    const url = '/v2/sites/rec/dynamic-channels/recommended/videos?pageSize=2&__source=leak';
    const as = async (auth?: string) => uids(await get(url, auth, false));
    expect(await as(await token('x'))).toEqual(['e', 'f']);
    expect(await as()).toEqual(['f', 'g']);
    expect(await as(await token('w'))).toEqual(['d', 'f']);
    expect(await as(await token('x'))).toEqual(['e', 'f']);
    expect(await as()).toEqual(['f', 'g']);
    const anonymous = await get(url, undefined, false);
    expect(anonymous.headers['cache-control']).toBeUndefined();
  });

  it('more like this: co-watched first, then shared tags/genres, then the global order', async () => {
    // a's viewers: three also watched b (and x, who finished it); one watched c.
    expect(uids(await get('/v2/sites/rec/videos/a/recommended?pageSize=4'))).toEqual(['b', 'e', 'f', 'g']);
    expect(uids(await get('/v2/sites/rec/videos/a/recommended?page=1&pageSize=1'))).toEqual(['e']);
    // Nobody else watched the Sci-Fi movie: the series of that genre.
    expect(uids(await get('/v2/sites/rec/videos/m-scifi/recommended?pageSize=2'))).toEqual(['sx-1', 'sx-2']);
    const res = await get('/v2/sites/rec/videos/a/recommended', await token('x'));
    expect(res.json()).toMatchObject({ items_per_page: 30, total_items: 11 });
    expect(uids(res)).not.toContain('a');
  });
});
