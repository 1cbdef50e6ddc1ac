import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogFixture, acmeCatalog } from '../fixtures';
import { createHarness, type Harness } from '../harness';

let h: Harness;

/** D§3 flags: a hybrid-paywall video, a live channel, a live event on now and one later. */
function flagsCatalog() {
  const now = Date.now();
  const live = (start: number, end: number) =>
    JSON.stringify({
      start: new Date(start).toISOString(),
      end: new Date(end).toISOString(),
      ended: false,
      type: 'stream',
    });
  return new CatalogFixture('flags')
    .channel('ev', 'liveEvents')
    .video('hybrid', { hybrid_paywall: 1 })
    .video('plain')
    .video('lc', { type: 'liveChannel' })
    .video('on-now', { type: 'liveEvent', channel_id: 'ev', live_event: live(now - 60_000, now + 3_600_000) })
    .video('later', {
      type: 'liveEvent',
      channel_id: 'ev',
      live_event: live(now + 3_600_000, now + 7_200_000),
    });
}
beforeAll(async () => {
  h = await createHarness();
  await acmeCatalog().insert(h.db);
  await new CatalogFixture('other').video('o1').insert(h.db);
  await flagsCatalog().insert(h.db);
});
afterAll(() => h.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  h.app.inject({ method: 'GET', url, headers });
const uids = (body: { items: { uid: string }[] }) => body.items.map((v) => v.uid);

describe('catalog reads: bad input', () => {
  it.each([
    ['/v2/sites/acme/channels/news/videos?page=-1', 'page'],
    ['/v2/sites/acme/channels/news/videos?page=abc', 'page'],
    ['/v2/sites/acme/channels/news/videos?pageSize=0', 'pageSize'],
    ['/v2/sites/acme/channels/news/videos?pageSize=101', 'pageSize'],
    ['/v2/sites/acme/channels?pageSize=1.5', 'pageSize'],
    ['/v2/sites/acme/dynamic-channels/trending/videos', 'id'],
    ['/v2/sites/acme/dynamic-channels/recent-episodes/movies', 'id'],
    ['/v2/sites/acme/dynamic-channels/popular-movies/episodes', 'id'],
    ['/v2/sites/acme/dynamic-channels/recent/all?pageSize=500', 'pageSize'],
    ['/v2/sites/acme/videos/v%20x', 'uid'],
    ['/v2/sites/acme/channels/news%24/videos', 'id'],
    [`/v2/sites/${'s'.repeat(65)}/videos/v1`, 'site'],
    ['/v2/sites/acme/videos/v1?__site=' + 'x'.repeat(65), '__site'],
  ])('400s for %s naming %s', async (url, field) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'invalid', field });
  });

  it.each([
    ['/v2/sites/nope/channels', "Site 'nope' not found"],
    ['/v2/sites/nope/videos/v1', "Site 'nope' not found"],
    ['/v2/sites/acme/channels/nope/videos', "Channel 'nope' not found"],
    ['/v2/sites/acme/channels/nope/movies', "Channel 'nope' not found"],
    ['/v2/sites/acme/videos/nope', "Video 'nope' not found"],
    ['/v2/sites/acme/videos/v-private', "Video 'v-private' not found"],
    ['/v2/sites/acme/videos/nope/favorites-count', "Video 'nope' not found"],
  ])('404s for %s', async (url, message) => {
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'notFound', message } });
  });

  it('does not serve another site’s videos', async () => {
    expect((await get('/v2/sites/other/videos/o1')).statusCode).toBe(200);
    const res = await get('/v2/sites/acme/videos/o1');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe("Video 'o1' not found");
  });
});

describe('GET /v2/sites/{site}/channels', () => {
  it('lists channels in position order with the paginated shape', async () => {
    const res = await get('/v2/sites/acme/channels');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.json()).toEqual({
      items: [
        {
          channelId: 'news',
          id: 'news',
          name: 'Channel news',
          type: 'videos',
          description: '',
          thumbnail: null,
        },
        expect.objectContaining({ id: 'cinema', type: 'movies' }),
        expect.objectContaining({ id: 'shows', type: 'series' }),
        expect.objectContaining({ id: 'events', type: 'liveEvents' }),
      ],
      current_page: 0,
      items_per_page: 20,
      next_page: null,
      prev_page: null,
      total_items: 4,
      total_pages: 1,
    });
  });
});

describe('GET channels/{id}/videos and movies', () => {
  it('lists public videos newest first with 30 per page, leaving out unlisted, private and other types', async () => {
    const body = (await get('/v2/sites/acme/channels/news/videos')).json();
    expect(uids(body)).toEqual(['v1', 'v2', 'v3', 'v4']);
    expect(body).toMatchObject({ items_per_page: 30, total_items: 4, total_pages: 1, next_page: null });
  });

  it('pages zero-based', async () => {
    const p0 = (await get('/v2/sites/acme/channels/news/videos?page=0&pageSize=3')).json();
    expect(uids(p0)).toEqual(['v1', 'v2', 'v3']);
    expect(p0).toMatchObject({
      current_page: 0,
      next_page: 1,
      prev_page: null,
      total_pages: 2,
      total_items: 4,
    });
    const p1 = (await get('/v2/sites/acme/channels/news/videos?page=1&pageSize=3')).json();
    expect(uids(p1)).toEqual(['v4']);
    expect(p1).toMatchObject({ current_page: 1, next_page: null, prev_page: 0 });
    const past = (await get('/v2/sites/acme/channels/news/videos?page=9&pageSize=3')).json();
    expect(past.items).toEqual([]);
  });

  it('lists movies with 20 per page, without extras', async () => {
    const body = (await get('/v2/sites/acme/channels/cinema/movies')).json();
    expect(uids(body)).toEqual(['m2', 'm1']);
    expect(body.items_per_page).toBe(20);
  });
});

describe('GET dynamic-channels/{id}/…', () => {
  it('recent = newest published', async () => {
    expect(uids((await get('/v2/sites/acme/dynamic-channels/recent/videos')).json())).toEqual([
      'v1',
      'v2',
      'v3',
      'v4',
    ]);
  });
  it('popular = most views', async () => {
    expect(uids((await get('/v2/sites/acme/dynamic-channels/popular/videos')).json())).toEqual([
      'v4',
      'v3',
      'v2',
      'v1',
    ]);
  });
  it('recommended = likes + 2 × favorites, then views', async () => {
    expect(uids((await get('/v2/sites/acme/dynamic-channels/recommended/videos')).json())).toEqual([
      'v1',
      'v2',
      'v3',
      'v4',
    ]);
  });
  it('movie and episode variants', async () => {
    const movies = (await get('/v2/sites/acme/dynamic-channels/popular-movies/movies')).json();
    expect(uids(movies)).toEqual(['m1', 'm2']);
    expect(movies.items_per_page).toBe(20);
    expect(uids((await get('/v2/sites/acme/dynamic-channels/recent-movies/movies')).json())).toEqual([
      'm2',
      'm1',
    ]);
    expect(uids((await get('/v2/sites/acme/dynamic-channels/recommended-movies/all')).json())).toEqual([
      'm1',
      'm2',
    ]);
    const eps = (await get('/v2/sites/acme/dynamic-channels/recent-episodes/episodes')).json();
    expect(uids(eps)).toEqual(['s2e1', 's1e3', 's1e2', 's1e1']);
    expect(eps.items_per_page).toBe(30);
    expect(uids((await get('/v2/sites/acme/dynamic-channels/recent/episodes?pageSize=1')).json())).toEqual([
      's2e1',
    ]);
  });
  it('all mixes videos, movies and episodes with 50 per page', async () => {
    const body = (await get('/v2/sites/acme/dynamic-channels/recent/all')).json();
    expect(body.items_per_page).toBe(50);
    expect(body.total_items).toBe(10);
    expect(new Set(body.items.map((v: { type: string }) => v.type))).toEqual(
      new Set(['video', 'movie', 'episode']),
    );
  });
});

describe('GET videos/{uid}', () => {
  it('returns the normalized video', async () => {
    const v = (await get('/v2/sites/acme/videos/v1?__source=web')).json();
    expect(v).toMatchObject({
      uid: 'v1',
      id: 'v1',
      _id: { source: 'marquee', uid: 'v1' },
      type: 'video',
      title: 'Video v1',
      img: '/media/thumbs/a-full/thumb-maxres.jpg',
      thumbnail: '/media/thumbs/a-full/thumb-maxres.jpg',
      url: '/watch/channel/news/v1',
      accessType: 'public',
      status: 'public',
      ageGate: null,
      paidAccess: false,
      withoutAds: false,
      hybridPaywall: false,
      isLive: false,
      isLiveChannel: false,
      metadata: {
        channel: 'news',
        publishedDate: '2026-01-04T00:00:00.000Z',
        tags: ['a', 'b'],
        thumbnails: {
          maxres: { url: '/media/thumbs/a-full/thumb-maxres.jpg', width: 1280, height: 720 },
          high: { url: '/media/thumbs/a-full/thumb-high.jpg', width: 480, height: 360 },
          default: { url: '/media/thumbs/a-full/thumb-default.jpg', width: 120, height: 90 },
        },
      },
      contentDetails: { duration: 30 },
      series: null,
      seriesData: null,
      movieData: null,
      liveEvent: null,
      views: { viewCount: 1, likeCount: 4 },
      favorites: 3,
      subtitles: [],
    });
  });

  it('says hybridPaywall, isLive (a live event on now) and isLiveChannel (D§3)', async () => {
    const flags = async (uid: string) => {
      const res = await get(`/v2/sites/flags/videos/${uid}`);
      expect(res.statusCode).toBe(200);
      const { hybridPaywall, isLive, isLiveChannel } = res.json();
      return { hybridPaywall, isLive, isLiveChannel };
    };
    const none = { hybridPaywall: false, isLive: false, isLiveChannel: false };
    expect(await flags('hybrid')).toEqual({ ...none, hybridPaywall: true });
    expect(await flags('plain')).toEqual(none);
    expect(await flags('lc')).toEqual({ ...none, isLiveChannel: true });
    expect(await flags('on-now')).toEqual({ ...none, isLive: true });
    expect(await flags('later')).toEqual(none);
  });

  it('fills missing thumbnail sizes from the best available', async () => {
    const v = (await get('/v2/sites/acme/videos/v2')).json();
    expect(v.thumbnail).toBe('/media/thumbs/a-small/thumb-medium.jpg');
    expect(v.metadata.thumbnails.maxres.url).toBe('/media/thumbs/a-small/thumb-medium.jpg');
    expect(v.metadata.thumbnails.default.url).toBe('/media/thumbs/a-small/thumb-default.jpg');
  });

  it('has null thumbnails without an asset, and lists subtitles of the asset', async () => {
    expect((await get('/v2/sites/acme/videos/v4')).json().metadata.thumbnails).toBeNull();
    expect((await get('/v2/sites/acme/videos/v3')).json().subtitles).toEqual([
      { language: 'en', label: 'English', url: '/media/subs/a-subs/en.vtt' },
    ]);
  });

  it('serves an unlisted video by its uid', async () => {
    expect((await get('/v2/sites/acme/videos/v-unlisted')).statusCode).toBe(200);
  });

  it('gives episodes their series data and canonical URL', async () => {
    const v = (await get('/v2/sites/acme/videos/s1e2')).json();
    expect(v.series).toEqual({ id: 's1', uid: 's1', season: 1, episode: 2 });
    expect(v.seriesData).toEqual({
      uid: 's1',
      title: 'Series s1',
      genres: ['Sci-Fi'],
      mpaa: 'TV-14',
      ageGate: null,
    });
    expect(v.url).toBe('/watch/channel/none/series/s1/episode/s1e2');
  });

  it('returns the favorites count', async () => {
    expect((await get('/v2/sites/acme/videos/v1/favorites-count')).json()).toEqual({
      uid: 'v1',
      favorites: 3,
    });
  });

  it('serves repeats from the response cache, serialized once', async () => {
    const first = await get('/v2/sites/acme/videos/v2?cache-test=1');
    await h.db.updateTable('videos').set({ title: 'Changed' }).where('uid', '=', 'v2').execute();
    const second = await get('/v2/sites/acme/videos/v2?cache-test=1');
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(second.body).toBe(first.body);
    expect((await get('/v2/sites/acme/videos/v2?cache-test=2')).json().title).toBe('Changed');
  });
});
