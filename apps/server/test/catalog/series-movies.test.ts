import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acmeCatalog } from '../fixtures';
import { createHarness, type Harness } from '../harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  await acmeCatalog().insert(h.db);
});
afterAll(() => h.close());

const get = (url: string) => h.app.inject({ method: 'GET', url });
const uids = (body: { items: { uid: string }[] }) => body.items.map((v) => v.uid);

describe('movies, series and playlists: bad input', () => {
  it.each([
    ['/v2/sites/acme/series/s1/episodes?season=0', 'season'],
    ['/v2/sites/acme/series/s1/episodes?season=one', 'season'],
    ['/v2/sites/acme/series/s1/seasons?skipEmpty=maybe', 'skipEmpty'],
    ['/v2/sites/acme/series/s1/seasons/0', 'n'],
    ['/v2/sites/acme/series/s1/seasons/x', 'n'],
    ['/v2/sites/acme/movies/m1/extras?pageSize=101', 'pageSize'],
    ['/v2/sites/acme/series/s1/extras?page=-2', 'page'],
    ['/v2/sites/acme/channels/shows/series?pageSize=0', 'pageSize'],
    ['/v2/sites/acme/playlists/pl1?pageSize=abc', 'pageSize'],
  ])('400s for %s naming %s', async (url, field) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'invalid', field });
  });

  it.each([
    ['/v2/sites/acme/movie/nope', "Movie 'nope' not found"],
    ['/v2/sites/acme/movie/v1', "Movie 'v1' not found"],
    ['/v2/sites/acme/movies/nope/extras', "Movie 'nope' not found"],
    ['/v2/sites/acme/series/nope', "Series 'nope' not found"],
    ['/v2/sites/acme/series/nope/episodes', "Series 'nope' not found"],
    ['/v2/sites/acme/series/nope/extras', "Series 'nope' not found"],
    ['/v2/sites/acme/series/nope/seasons', "Series 'nope' not found"],
    ['/v2/sites/acme/series/s1/seasons/9', "Season 9 of series 's1' not found"],
    ['/v2/sites/acme/channels/nope/series', "Channel 'nope' not found"],
    ['/v2/sites/acme/playlists/nope', "Playlist 'nope' not found"],
    ['/v2/sites/nope/movie/m1', "Site 'nope' not found"],
  ])('404s for %s', async (url, message) => {
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'notFound', message } });
  });
});

describe('movies', () => {
  it('GET movie/{uid} returns movie data, extras and trailers, with a poster fallback', async () => {
    const m = (await get('/v2/sites/acme/movie/m1')).json();
    expect(m).toMatchObject({
      uid: 'm1',
      type: 'movie',
      url: '/watch/channel/cinema/movie/m1',
      img: '/media/thumbs/a-full/thumb-maxres.jpg',
      externalUrl: { link: 'https://example.com/m1', name: 'Buy' },
      movieData: {
        poster: '/media/thumbs/a-full/thumb-maxres.jpg',
        posterDefault: '/media/thumbs/a-full/thumb-maxres.jpg',
        genres: ['Drama'],
        mpaa: 'PG',
        cast: ['Ann'],
        directors: ['Bo'],
      },
    });
    expect(uids({ items: m.extras })).toEqual(['m1-extra']);
    expect(uids({ items: m.trailers })).toEqual(['m1-trailer']);
    expect(m.trailers[0].extraOf).toEqual({ uid: 'm1', kind: 'trailer' });
  });

  it('keeps a movie’s own poster', async () => {
    const m = (await get('/v2/sites/acme/movie/m2')).json();
    expect(m.movieData.poster).toBe('/posters/m2.jpg');
    expect(m.img).toBe('/posters/m2.jpg');
  });

  it('GET movies/{id}/extras pages extras and trailers', async () => {
    const body = (await get('/v2/sites/acme/movies/m1/extras')).json();
    expect(uids(body)).toEqual(['m1-trailer', 'm1-extra']);
    expect(body.items_per_page).toBe(30);
  });
});

describe('series', () => {
  it('GET channels/{id}/series lists series with poster fallback and counts, 20 per page', async () => {
    const body = (await get('/v2/sites/acme/channels/shows/series')).json();
    expect(body.items_per_page).toBe(20);
    expect(body.items).toEqual([
      expect.objectContaining({
        uid: 's1',
        poster: '/media/thumbs/a-small/thumb-medium.jpg',
        genres: ['Sci-Fi'],
        mpaa: 'TV-14',
        defaultChannel: 'shows',
        seasonCount: 2,
        episodeCount: 3,
      }),
      expect.objectContaining({
        uid: 's2',
        poster: '/posters/s2.jpg',
        seasonCount: 1,
        episodeCount: 1,
        thumbnails: null,
      }),
    ]);
  });

  it('GET series/{uid} returns seasons with episodes in order', async () => {
    const s = (await get('/v2/sites/acme/series/s1')).json();
    expect(s).toMatchObject({ uid: 's1', id: 's1', title: 'Series s1', seasonCount: 2, episodeCount: 3 });
    expect(
      s.seasons.map((x: { season: number; episodes: { uid: string }[] }) => [
        x.season,
        uids({ items: x.episodes }),
      ]),
    ).toEqual([
      [1, ['s1e1', 's1e2']],
      [2, ['s1e3']],
    ]);
  });

  it('GET series/{uid}/episodes pages all episodes or one season', async () => {
    const all = (await get('/v2/sites/acme/series/s1/episodes')).json();
    expect(uids(all)).toEqual(['s1e1', 's1e2', 's1e3']);
    expect(all.items_per_page).toBe(30);
    expect(uids((await get('/v2/sites/acme/series/s1/episodes?season=2')).json())).toEqual(['s1e3']);
    expect(uids((await get('/v2/sites/acme/series/s1/episodes?season=5')).json())).toEqual([]);
  });

  it('GET series/{uid}/extras', async () => {
    expect(uids((await get('/v2/sites/acme/series/s1/extras')).json())).toEqual(['s1-extra']);
  });

  it('GET series/{uid}/seasons skips empty seasons by default', async () => {
    expect((await get('/v2/sites/acme/series/s2/seasons')).json()).toEqual({
      seriesUid: 's2',
      items: [{ season: 3, episodeCount: 1 }],
    });
    expect((await get('/v2/sites/acme/series/s2/seasons?skipEmpty=false')).json().items).toEqual([
      { season: 1, episodeCount: 0 },
      { season: 2, episodeCount: 0 },
      { season: 3, episodeCount: 1 },
    ]);
    expect((await get('/v2/sites/acme/series/s-empty/seasons')).json().items).toEqual([]);
  });

  it('GET series/{uid}/seasons/{n}', async () => {
    const s = (await get('/v2/sites/acme/series/s1/seasons/1?skipEmpty=true')).json();
    expect(s.season).toBe(1);
    expect(uids({ items: s.episodes })).toEqual(['s1e1', 's1e2']);
  });
});

describe('playlists', () => {
  it('GET playlists/{uid} returns public items in position order', async () => {
    const p = (await get('/v2/sites/acme/playlists/pl1')).json();
    expect(p).toMatchObject({ uid: 'pl1', id: 'pl1', title: 'Playlist pl1', total: 3 });
    expect(uids(p)).toEqual(['v2', 'v1', 'm1']);
    expect(p.items[0].metadata.playlist).toBe('pl1');
    expect(uids((await get('/v2/sites/acme/playlists/pl1?page=1&pageSize=2')).json())).toEqual(['m1']);
  });
});
