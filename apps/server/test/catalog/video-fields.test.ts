import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { engagementOf, type EngagementSource } from '../../src/modules/catalog/viewer-engagement';
import { acmeCatalog, CatalogFixture } from '../fixtures';
import { accountsHarness, bearer, type AccountsHarness } from '../support/accounts';

// The Video entity's fields of playback-and-social §3 that catalog reads fill (decision 0076):
// display and access (noAds, unreel.ingested, badge), metadata (subtitles, dai, ads.iabCategory,
// external.id, channels, contentDetails.duration) and the signed-in viewer's engagement
// (favorite, favorites, views, progress, finished, watching, watched, moment).
let t: AccountsHarness;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await accountsHarness({ sites: [] });
  const acme = acmeCatalog();
  // An hour-long video, so a saved position can be unfinished (the fixtures' media are 30 s).
  acme
    .asset('a-long', { duration_s: 3600 })
    .video('long', { channel_id: 'news', asset_id: 'a-long', duration_s: 3600 });
  await acme.insert(t.h.db);
  await new CatalogFixture('fields')
    .channel('news', 'videos')
    .channel('ev', 'liveEvents')
    .asset('ready-media', {
      subtitles: JSON.stringify([{ language: 'es', label: 'Español', file: 'es.vtt' }]),
    })
    .asset('encoding', { status: 'processing' })
    .video('own', { channel_id: 'news', asset_id: 'ready-media', duration_s: 95, iab_category: 'IAB1-5' })
    .video('adfree', { channel_id: 'news', asset_id: 'ready-media', without_ads: 1 })
    .video('pending', { channel_id: 'news', asset_id: 'encoding' })
    .video('loose')
    .video('yt', {
      type: 'liveEvent',
      channel_id: 'ev',
      live_event: JSON.stringify({
        start: '2026-01-01T00:00:00.000Z',
        type: 'link',
        sourceType: 'youtube',
        videoLink: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      }),
    })
    .insert(t.h.db);
  await new CatalogFixture('other').video('o1').insert(t.h.db);
  for (const [id, site] of [
    ['fan', 'acme'],
    ['stranger', 'acme'],
    ['elsewhere', 'other'],
  ] as const) {
    await t.insertUser({ id, site_uid: site, email: `${id}@${site}.test` });
    tokens[id] = await t.accessTokenFor({ id, site, email: `${id}@${site}.test` });
  }
});
afterAll(() => t.h.close());

let reads = 0;
/** A GET with a URL of its own unless `same` (the shared response cache keys on the URL for 5 s). */
const get = (path: string, token?: string, same = false) =>
  t.h.app.inject({
    url: same ? path : `${path}${path.includes('?') ? '&' : '?'}__source=f${++reads}`,
    headers: bearer(token),
  });
const video = async (uid: string, token?: string, site = 'acme') => {
  const res = await get(`/v2/sites/${site}/videos/${uid}`, token);
  expect(res.statusCode, uid).toBe(200);
  return res.json();
};
const favorite = (uid: string, user: string) =>
  t.h.app.inject({
    method: 'POST',
    url: `/v2/sites/acme/videos/${uid}/user-favorites`,
    headers: bearer(tokens[user]),
    payload: { favorite: true },
  });
const saveProgress = (history: object[], user: string) =>
  t.h.app.inject({
    method: 'POST',
    url: '/v2/me/sites/acme/history-progress',
    headers: bearer(tokens[user]),
    payload: { history },
  });
const engagement = (v: Record<string, unknown>) => ({
  favorite: v.favorite,
  progress: v.progress,
  finished: v.finished,
  watching: v.watching,
  watched: v.watched,
});
const NONE = { favorite: false, progress: null, finished: false, watching: false, watched: false };

describe('Video display and access fields (P§3)', () => {
  it('says noAds (the video’s own setting), unreel.ingested (a ready media asset of ours) and badge', async () => {
    const fields = async (uid: string) => {
      const { noAds, withoutAds, unreel, badge } = await video(uid, undefined, 'fields');
      return { noAds, withoutAds, unreel, badge };
    };
    expect(await fields('own')).toEqual({
      noAds: false,
      withoutAds: false,
      unreel: { ingested: true },
      badge: null,
    });
    expect(await fields('adfree')).toEqual({
      noAds: true,
      withoutAds: true,
      unreel: { ingested: true },
      badge: null,
    });
    // Still encoding, or only a provider's link: not (yet) in our storage.
    expect((await fields('pending')).unreel).toEqual({ ingested: false });
    expect((await fields('yt')).unreel).toEqual({ ingested: false });
    expect((await fields('loose')).unreel).toEqual({ ingested: false });
  });
});

describe('Video metadata fields (P§3)', () => {
  it('says subtitles, dai, ads.iabCategory, external.id, channels and contentDetails.duration', async () => {
    const own = await video('own', undefined, 'fields');
    expect(own).toMatchObject({
      subtitles: [{ language: 'es', label: 'Español', url: '/media/subs/ready-media/es.vtt' }],
      dai: false,
      ads: { iabCategory: 'IAB1-5' },
      external: { id: null },
      channels: ['news'],
      contentDetails: { duration: 95 },
    });
    // A live event YouTube plays: its id there.
    expect(await video('yt', undefined, 'fields')).toMatchObject({
      subtitles: [],
      dai: false,
      ads: { iabCategory: null },
      external: { id: 'dQw4w9WgXcQ' },
      channels: ['ev'],
    });
    expect((await video('loose', undefined, 'fields')).channels).toEqual([]);
  });

  it('gives the fields on list items too', async () => {
    const page = (await get('/v2/sites/fields/channels/news/videos')).json();
    const own = page.items.find((v: { uid: string }) => v.uid === 'own');
    expect(own).toMatchObject({ noAds: false, unreel: { ingested: true }, channels: ['news'], dai: false });
    const all = (await get('/v2/sites/acme/dynamic-channels/recent/all')).json();
    for (const item of all.items)
      expect(item, item.uid).toMatchObject({ dai: false, external: { id: null }, moment: null, badge: null });
  });
});

describe('Video engagement (P§3)', () => {
  it('is the anonymous value without a viewer: not favorited, no progress, no moment', async () => {
    const v = await video('v1');
    expect(engagement(v)).toEqual(NONE);
    expect(v.moment).toBeNull();
    expect(v.favorites).toBe(3);
  });

  it('favorite: true for the viewer who favorited it, false for another viewer; favorites counts it', async () => {
    expect((await favorite('v2', 'fan')).statusCode).toBe(200);
    const mine = await video('v2', tokens.fan);
    expect(mine.favorite).toBe(true);
    expect(mine.favorites).toBe(1);
    const theirs = await video('v2', tokens.stranger);
    expect(theirs.favorite).toBe(false);
    expect(theirs.favorites).toBe(1);
    expect((await video('v2')).favorite).toBe(false);
    // A viewer of another site reading this one gets the anonymous values.
    expect(engagement(await video('v2', tokens.elsewhere))).toEqual(NONE);
  });

  it('progress, watching, watched and finished follow the viewer’s saved positions', async () => {
    expect((await saveProgress([{ id: 'long', progress: 120 }], 'fan')).json()).toMatchObject({ saved: 1 });
    expect(engagement(await video('long', tokens.fan))).toEqual({
      favorite: false,
      progress: 120,
      finished: false,
      watching: true,
      watched: true,
    });
    // A 30 s video is finished by the rule of §4.8 (under 120 s in all).
    await saveProgress([{ id: 'v3', progress: 29 }], 'fan');
    expect(engagement(await video('v3', tokens.fan))).toEqual({
      favorite: false,
      progress: 29,
      finished: true,
      watching: false,
      watched: true,
    });
    expect(engagement(await video('long', tokens.stranger))).toEqual(NONE);
    expect(engagement(await video('long'))).toEqual(NONE);
  });

  it('fills every video of a list and of a detail for the viewer, while the shared cache stays anonymous', async () => {
    await favorite('m1-trailer', 'fan');
    const url = '/v2/sites/acme/channels/news/videos?__source=list-once';
    const anonymous = await get(url, undefined, true);
    const mine = await get(url, tokens.fan, true); // the cached body, with the fan's fields
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(mine.headers.vary).toBe('authorization, accept-encoding');
    const byUid = Object.fromEntries(mine.json().items.map((v: { uid: string }) => [v.uid, v]));
    expect(engagement(byUid.v2)).toEqual({ ...NONE, favorite: true });
    expect(engagement(byUid.v3)).toMatchObject({ progress: 29, finished: true, watched: true });
    expect(engagement(byUid.long)).toMatchObject({ progress: 120, watching: true });
    expect(engagement(byUid.v1)).toEqual(NONE);
    expect((await get(url, undefined, true)).body).toBe(anonymous.body);
    for (const v of anonymous.json().items) expect(engagement(v), v.uid).toEqual(NONE);
    // A viewer with no engagement gets the shared body as it is, privately.
    const stranger = await get(url, tokens.stranger, true);
    expect(stranger.body).toBe(anonymous.body);
    expect(stranger.headers['cache-control']).toBe('private, no-store');

    const movie = (await get('/v2/sites/acme/movie/m1', tokens.fan)).json();
    expect(movie.favorite).toBe(false);
    expect(movie.trailers.find((v: { uid: string }) => v.uid === 'm1-trailer').favorite).toBe(true);
  });

  it('puts the viewer’s fields on the videos of their own lists, queues and watch list too', async () => {
    const mine = async (path: string) => {
      const res = await get(path, tokens.fan);
      expect(res.statusCode, path).toBe(200);
      return res.json();
    };
    const favorites = await mine('/v2/me/sites/acme/videos/favorites');
    expect(favorites.items.map((v: { uid: string }) => v.uid)).toContain('v2');
    for (const v of favorites.items) expect(v.favorite, v.uid).toBe(true);
    const history = await mine('/v2/me/sites/acme/history-progress');
    const long = history.items.find((i: { id: string }) => i.id === 'long');
    expect(engagement(long.video)).toMatchObject({ progress: 120, watching: true, watched: true });
    const queue = await mine('/v2/sites/acme/queues/videoChannel/news');
    const v3 = queue.items.find((v: { uid: string }) => v.uid === 'v3');
    expect(engagement(v3)).toMatchObject({ progress: 29, finished: true });
    const added = await t.h.app.inject({
      method: 'POST',
      url: '/v2/me/sites/acme/watch-list',
      headers: bearer(tokens.fan),
      payload: { contentId: 'v2' },
    });
    expect(added.statusCode).toBe(201);
    expect(added.json().video.favorite).toBe(true);
    const list = await mine('/v2/me/sites/acme/watch-list');
    expect(list.items.find((i: { contentId: string }) => i.contentId === 'v2').video.favorite).toBe(true);
    // The same queue read anonymously stays anonymous.
    const anonymous = (await get('/v2/sites/acme/queues/videoChannel/news')).json();
    for (const v of anonymous.items) expect(engagement(v), v.uid).toEqual(NONE);
  });

  it('reads a list’s engagement in one batch per store, not per video', async () => {
    const calls = { favorited: 0, positions: 0 };
    const source: EngagementSource = {
      favorited: async (_u, _s, uids) => {
        calls.favorited++;
        return uids.filter((u) => u === 'b');
      },
      positions: async (_u, _s, uids) => {
        calls.positions++;
        return uids.includes('c') ? [{ video_uid: 'c', position_s: 12, finished: 0 }] : [];
      },
    };
    const uids = Array.from({ length: 30 }, (_, i) => (i === 1 ? 'b' : i === 2 ? 'c' : `v${i}`));
    const found = await engagementOf(source, 'u', 's', uids);
    expect(calls).toEqual({ favorited: 1, positions: 1 });
    expect([...found.keys()].sort()).toEqual(['b', 'c']);
    expect(found.get('c')).toEqual({ ...NONE, progress: 12, watching: true, watched: true });
    expect(await engagementOf(source, 'u', 's', [])).toEqual(new Map());
    expect(calls).toEqual({ favorited: 1, positions: 1 });
  });

  it('views counts the plays play-url hands out', async () => {
    const before = (await video('v4')).views.viewCount;
    const play = await t.h.app.inject({
      url: '/v2/sites/acme/videos/v1/play-url',
      headers: { 'x-forwarded-for': '10.9.9.9', 'user-agent': 'fields-test' },
    });
    expect(play.json().url).toBeTruthy();
    await vi.waitFor(async () => expect((await video('v1')).views.viewCount).toBe(2), { timeout: 5000 });
    expect((await video('v1')).views).toEqual({ viewCount: 2, likeCount: 4 });
    expect((await video('v4')).views.viewCount).toBe(before);
  });

  it('moment: the moment a shared link opens the video at (info?momentId), else null', async () => {
    const added = await t.h.app.inject({
      method: 'POST',
      url: '/api/moments/news/none?__site=acme',
      headers: bearer(tokens.stranger),
      payload: { timemarker: 12, tag: 'The goal', videoId: 'v2' },
    });
    expect(added.statusCode).toBe(201);
    const { _id } = added.json();
    const info = (await get(`/v1/video/uid/v2/info?__site=acme&momentId=${_id}`)).json();
    expect(info.video.moment).toEqual({ _id, tag: 'The goal', timemarker: 12 });
    expect(info.video.favorite).toBe(false);
    // The share info is the viewer's too.
    const mine = (await get(`/v1/video/uid/v2/info?__site=acme&momentId=${_id}`, tokens.fan)).json();
    expect(mine.video).toMatchObject({ favorite: true, moment: { _id } });
    expect((await get('/v1/video/uid/v2/info?__site=acme')).json().video.moment).toBeNull();
    expect((await video('v2')).moment).toBeNull();
  });
});
