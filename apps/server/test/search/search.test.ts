import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogFixture, videoRow } from '../fixtures';
import { createHarness, type Harness } from '../harness';

// A fixed clock so the date filters and the "published by now" rule are exact.
const NOW = Date.parse('2026-06-15T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let h: Harness;
/** The app's clock; one test moves it past a scheduled publish time and back. */
let clock = NOW;
beforeAll(async () => {
  h = await createHarness({ context: { now: () => clock } });
  const f = new CatalogFixture('acme');
  f.asset('a1').channel('news', 'videos');
  f.video('sunset-title', {
    title: 'Sunset Boulevard',
    description: 'A drama in the hills.',
    asset_id: 'a1',
    channel_id: 'news',
    published_at: ago(30 * 60_000),
  })
    .video('sun-desc', {
      title: 'Morning walk',
      description: 'The sunset over the bay.',
      published_at: ago(3 * DAY),
    })
    .video('sun-tag', { title: 'Harbour lights', tags: '["sunset","coast"]', published_at: ago(20 * DAY) })
    .video('sun-movie', {
      type: 'movie',
      title: 'Alpha Sunset',
      movie: JSON.stringify({ genres: ['Western'], cast: ['Ada Reyes'], poster: 'https://x/p.jpg' }),
      published_at: ago(200 * DAY),
    })
    .video('sun-episode', {
      type: 'episode',
      title: 'Zeta sunset',
      series_uid: 'orbit',
      season: 1,
      episode: 1,
      published_at: ago(400 * DAY),
    })
    .video('sun-event', {
      type: 'liveEvent',
      title: 'Sunset concert',
      live_event: JSON.stringify({ start: ago(-DAY), ended: false, type: 'stream', sourceType: 'vjs' }),
      published_at: ago(2 * HOUR),
    })
    .video('sun-unlisted', { title: 'Sunset unlisted', status: 'unlisted', published_at: ago(DAY) })
    .video('sun-private', { title: 'Sunset private', status: 'private', published_at: ago(DAY) })
    .video('sun-future', { title: 'Sunset tomorrow', published_at: ago(-DAY) })
    .video('sun-extra', { title: 'Sunset trailer', extra_of: 'sun-movie', published_at: ago(DAY) })
    .video('sun-live-channel', { type: 'liveChannel', title: 'Sunset channel', published_at: ago(DAY) })
    .video('café', { title: 'Café Society', description: 'Jazz', published_at: ago(DAY) });
  for (let i = 0; i < 7; i++)
    f.video(`page-${i}`, { title: `Paging clip ${i}`, published_at: ago((i + 1) * HOUR) });
  f.seriesRow('orbit', {
    title: 'Orbit Sunset',
    genres: '["Sci-Fi"]',
    cast: '["Lin Wei"]',
    published_at: ago(10 * DAY),
  });
  await f.insert(h.db);
  await new CatalogFixture('other')
    .video('o-sunset', { title: 'Sunset elsewhere', published_at: ago(DAY) })
    .insert(h.db);
  await new CatalogFixture('nomovies')
    .video('nm-movie', { type: 'movie', title: 'Sunset movie', published_at: ago(DAY) })
    .video('nm-video', { title: 'Sunset video', published_at: ago(DAY) })
    .insert(h.db);
  await h.db
    .updateTable('sites')
    .set({
      search_options: JSON.stringify({
        movies: false,
        series: true,
        videos: true,
        episodes: true,
        liveEvents: true,
      }),
    })
    .where('uid', '=', 'nomovies')
    .execute();
});
afterAll(() => h.close());

type Hit = { uid: string; searchType: string };
const get = (url: string) => h.app.inject({ method: 'GET', url });
const search = async (query: string) => {
  const res = await get(`/v2/sites/acme/videos-search?${query}`);
  expect(res.statusCode).toBe(200);
  return res.json() as { data: Hit[]; meta: { total: number } };
};
const uids = (body: { data: Hit[] }) => body.data.map((d) => d.uid);

describe('search: bad input', () => {
  it.each([
    ['/v2/sites/acme/videos-search', 'q'],
    ['/v2/sites/acme/videos-search?q=', 'q'],
    ['/v2/sites/acme/videos-search?q=%20%20', 'q'],
    [`/v2/sites/acme/videos-search?q=${'a'.repeat(201)}`, 'q'],
    ['/v2/sites/acme/videos-search?q=sun&type=gifs', 'type'],
    ['/v2/sites/acme/videos-search?q=sun&type=ALL', 'type'],
    ['/v2/sites/acme/videos-search?q=sun&page=-1', 'page'],
    ['/v2/sites/acme/videos-search?q=sun&page=1.5', 'page'],
    ['/v2/sites/acme/videos-search?q=sun&limit=0', 'limit'],
    ['/v2/sites/acme/videos-search?q=sun&limit=101', 'limit'],
    ['/v2/sites/acme/videos-search?q=sun&sort=views', 'sort'],
    ['/v2/sites/acme/videos-search?q=sun&sort=--title', 'sort'],
    ['/v2/sites/acme/videos-search?q=sun&publishedWithin=day', 'publishedWithin'],
    ['/v2/sites/acme/search/gifs?search=sun', 'type'],
    ['/v2/sites/acme/search/all', 'search'],
    ['/v2/sites/acme/search/all?search=sun&page=-1', 'page'],
    ['/v2/sites/acme/search/all?search=sun&limit=500', 'limit'],
  ])('400s for %s naming %s', async (url, field) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'invalid', field });
  });

  it('404s for an unknown site', async () => {
    const res = await get('/v2/sites/nope/videos-search?q=sun');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'notFound', message: "Site 'nope' not found" } });
  });

  it('treats full-text syntax as plain words', async () => {
    for (const q of ['"', 'sun*"', 'NEAR(sun', 'sun OR', '-sun', "sun'; drop table videos; --", ':*&|!'])
      expect((await get(`/v2/sites/acme/videos-search?q=${encodeURIComponent(q)}`)).statusCode).toBe(200);
    expect(await search('q=%22%2A%28')).toEqual({ data: [], meta: { total: 0 } });
  });
});

describe('search: matching and ranking', () => {
  it('matches the last word as a prefix: "sun" finds "Sunset"', async () => {
    const body = await search('q=sun');
    expect(uids(body).sort()).toEqual(
      ['orbit', 'sun-desc', 'sun-episode', 'sun-event', 'sun-movie', 'sun-tag', 'sunset-title'].sort(),
    );
    expect(body.meta.total).toBe(7);
  });

  it('ranks title matches before keyword and description matches', async () => {
    const order = uids(await search('q=sunset&type=videos'));
    expect(order).toEqual(['sunset-title', 'sun-tag', 'sun-desc']);
  });

  it('needs every word, the last one as a prefix', async () => {
    expect(uids(await search('q=sunset%20boul'))).toEqual(['sunset-title']);
    expect(uids(await search('q=boulevard%20sunset'))).toEqual(['sunset-title']);
    expect(uids(await search('q=sunset%20nothing'))).toEqual([]);
  });

  it('searches genres and cast of movies and series', async () => {
    expect(uids(await search('q=western'))).toEqual(['sun-movie']);
    expect(uids(await search('q=ada%20rey'))).toEqual(['sun-movie']);
    expect(uids(await search('q=lin%20wei'))).toEqual(['orbit']);
  });

  it('ignores case and, on SQLite, accents', async () => {
    expect(uids(await search('q=CAF%C3%89'))).toEqual(['café']);
  });

  it('answers the spec hit fields', async () => {
    const [event] = (await search('q=concert')).data;
    expect(event).toMatchObject({
      id: 'sun-event',
      uid: 'sun-event',
      title: 'Sunset concert',
      searchType: 'events',
      start: ago(-DAY),
      ended: false,
      sourceType: 'vjs',
    });
    const [video] = (await search('q=boulevard')).data;
    expect(video).toMatchObject({ searchType: 'videos', start: null, ended: null, channel: 'news' });
    expect((video as unknown as { thumbnail: string }).thumbnail).toContain('/a1/');
  });
});

describe('search: visibility and site scoping', () => {
  it('shows only published, public content of this site', async () => {
    const all = uids(await search('q=sunset&limit=100'));
    for (const hidden of [
      'sun-unlisted',
      'sun-private',
      'sun-future',
      'sun-extra',
      'sun-live-channel',
      'o-sunset',
    ])
      expect(all).not.toContain(hidden);
    expect(uids((await get('/v2/sites/other/videos-search?q=sunset')).json())).toEqual(['o-sunset']);
  });

  it('leaves out the types the site switched off in its search options', async () => {
    const res = await get('/v2/sites/nomovies/videos-search?q=sunset');
    expect(uids(res.json())).toEqual(['nm-video']);
    const movies = await get('/v2/sites/nomovies/search/movies?search=sunset');
    expect(movies.json()).toMatchObject({ hits: [], total: 0, hasMore: false });
  });
});

describe('search: type filters, sort and dates', () => {
  it.each([
    ['movies', ['sun-movie']],
    ['videos', ['sun-desc', 'sun-tag', 'sunset-title']],
    ['series', ['orbit']],
    ['events', ['sun-event']],
    ['episodes', ['sun-episode']],
  ])('type=%s keeps %j', async (type, expected) => {
    const body = await search(`q=sun&type=${type}`);
    expect(uids(body).sort()).toEqual(expected);
    expect(body.data.every((d) => d.searchType === type)).toBe(true);
  });

  it('sorts by title and published date, a leading minus meaning descending', async () => {
    expect(uids(await search('q=sun&sort=title'))).toEqual([
      'sun-movie',
      'sun-tag',
      'sun-desc',
      'orbit',
      'sunset-title',
      'sun-event',
      'sun-episode',
    ]);
    expect(uids(await search('q=sun&sort=-title'))[0]).toBe('sun-episode');
    expect(uids(await search('q=sun&sort=-publishedDate'))).toEqual([
      'sunset-title',
      'sun-event',
      'sun-desc',
      'orbit',
      'sun-tag',
      'sun-movie',
      'sun-episode',
    ]);
    expect(uids(await search('q=sun&sort=publishedDate'))[0]).toBe('sun-episode');
  });

  it.each([
    ['hour', ['sunset-title']],
    ['week', ['sun-desc', 'sun-event', 'sunset-title']],
    ['month', ['orbit', 'sun-desc', 'sun-event', 'sun-tag', 'sunset-title']],
    ['year', ['orbit', 'sun-desc', 'sun-event', 'sun-movie', 'sun-tag', 'sunset-title']],
  ])('publishedWithin=%s keeps %j', async (filter, expected) => {
    expect(uids(await search(`q=sun&publishedWithin=${filter}`)).sort()).toEqual(expected);
  });
});

describe('search: paging', () => {
  it('pages with limit and reports the total', async () => {
    const p0 = await search('q=paging&limit=3&sort=-publishedDate');
    const p2 = await search('q=paging&limit=3&sort=-publishedDate&page=2');
    expect(uids(p0)).toEqual(['page-0', 'page-1', 'page-2']);
    expect(uids(p2)).toEqual(['page-6']);
    expect(p0.meta.total).toBe(7);
    // Past the end: no hits, and the total still counted.
    expect(await search('q=paging&page=5')).toEqual({ data: [], meta: { total: 7 } });
  });

  it('answers the Search result with hasMore = (page+1)*perPage <= total', async () => {
    const at = async (page: number, limit: number) =>
      (await get(`/v2/sites/acme/search/videos?search=paging&page=${page}&limit=${limit}&sort=title`)).json();
    const first = await at(0, 3);
    expect(first).toMatchObject({ q: 'paging', page: 0, total: 7, type: 'videos', hasMore: true });
    expect(first.hits.map((x: Hit) => x.uid)).toEqual(['page-0', 'page-1', 'page-2']);
    expect((await at(1, 3)).hasMore).toBe(true);
    expect((await at(2, 3)).hasMore).toBe(false);
    expect((await at(0, 7)).hasMore).toBe(true);
    expect((await at(0, 8)).hasMore).toBe(false);
  });
});

describe("search: the spec's search-host call (decision 0057)", () => {
  // {search host}/{type}?site&search&page&limit=100, the search host being {apiBase}/v2/sites/{site}/search.
  it('answers it with the site in the path; its site query adds nothing, and bad input is still 400', async () => {
    const spec = await get('/v2/sites/acme/search/videos?site=acme&search=sunset&page=0&limit=100');
    expect(spec.statusCode).toBe(200);
    const ours = await get('/v2/sites/acme/search/videos?search=sunset&page=0&limit=100');
    expect(spec.json()).toEqual(ours.json());
    expect(spec.json().hits.length).toBeGreaterThan(0);
    // The path's site decides: another site named in the query reaches nothing of it.
    expect((await get('/v2/sites/acme/search/videos?site=nomovies&search=sunset&limit=100')).json()).toEqual(
      ours.json(),
    );
    const bad = await get('/v2/sites/acme/search/videos?site=acme&search=sunset&limit=101');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: 'invalid', field: 'limit' });
  });
});

describe('search: the index follows the table', () => {
  it('finds renamed and new rows and forgets deleted ones', async () => {
    await h.db.updateTable('videos').set({ title: 'Quokka parade' }).where('uid', '=', 'page-0').execute();
    expect(uids(await search('q=quokka'))).toEqual(['page-0']);
    expect(uids(await search('q=paging')).includes('page-0')).toBe(false);
    await h.db
      .insertInto('videos')
      .values(videoRow('other', 'o2', { title: 'Quokka returns', published_at: ago(DAY) }))
      .execute();
    expect(uids((await get('/v2/sites/other/videos-search?q=quok')).json())).toEqual(['o2']);
    await h.db.deleteFrom('videos').where('uid', '=', 'page-0').execute();
    expect(await search('q=quokka')).toEqual({ data: [], meta: { total: 0 } });
  });

  it('indexes rows whose JSON columns are malformed, by their title', async () => {
    await h.db
      .insertInto('videos')
      .values(
        videoRow('other', 'o-bad', {
          type: 'movie',
          title: 'Wombat manifesto',
          tags: 'not json',
          movie: '{"genres": [',
          published_at: ago(DAY),
        }),
      )
      .execute();
    expect(uids((await get('/v2/sites/other/videos-search?q=wombat')).json())).toEqual(['o-bad']);
  });
});

describe('search: answers kept between calls (decision 0084)', () => {
  const version = async () =>
    (
      await h.db
        .selectFrom('search_versions')
        .select('version')
        .where('site_uid', '=', 'acme')
        .executeTakeFirst()
    )?.version ?? 0;
  const setVideo = (
    uid: string,
    set: { status?: string; title?: string; view_count?: number; like_count?: number },
  ) => h.db.updateTable('videos').set(set).where('site_uid', '=', 'acme').where('uid', '=', uid).execute();

  it('answers the next identical call with a write to a hit in it, on both variants', async () => {
    const host = async () =>
      (await get('/v2/sites/acme/search/videos?search=harbour')).json() as {
        hits: (Hit & { title: string })[];
      };
    expect(uids(await search('q=harbour'))).toEqual(['sun-tag']);
    expect((await host()).hits.map((x) => x.title)).toEqual(['Harbour lights']);
    await setVideo('sun-tag', { status: 'private' });
    expect(await search('q=harbour')).toEqual({ data: [], meta: { total: 0 } });
    expect((await host()).hits).toEqual([]);
    await setVideo('sun-tag', { status: 'public', title: 'Harbour nights' });
    expect(uids(await search('q=harbour'))).toEqual(['sun-tag']);
    expect((await host()).hits.map((x) => x.title)).toEqual(['Harbour nights']);
  });

  it("shows an asset's new thumbnails at the next identical call", async () => {
    const thumbnail = async () =>
      ((await search('q=boulevard')).data[0] as unknown as { thumbnail: string | null }).thumbnail;
    expect(await thumbnail()).toContain('/a1/');
    await h.db.updateTable('media_assets').set({ thumbnails: '{}' }).where('id', '=', 'a1').execute();
    expect(await thumbnail()).toBeNull();
  });

  it('keeps its answers while only counters change (views, likes), not on a search field', async () => {
    const before = await version();
    await setVideo('sun-desc', { view_count: 42, like_count: 7 });
    expect(await version()).toBe(before);
    await setVideo('sun-desc', { title: 'Evening walk' });
    expect(await version()).toBe(before + 1);
  });

  it('lets a scheduled video in once its publish time passes, with no write', async () => {
    try {
      expect(uids(await search('q=tomorrow'))).toEqual([]);
      clock = NOW + DAY + 1;
      expect(uids(await search('q=tomorrow'))).toEqual(['sun-future']);
      clock = NOW;
      expect(uids(await search('q=tomorrow'))).toEqual([]);
    } finally {
      clock = NOW;
    }
  });
});
