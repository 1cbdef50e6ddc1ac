import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acmeCatalog, CatalogFixture } from '../fixtures';
import { accountsHarness, bearer, type AccountsHarness } from '../support/accounts';

// The watch screen's queue loaders (playback-and-social §3 "Queue: id, type, items, page,
// totalPages, hasMore", §7 queue loaders, "Queue page size … 20 otherwise"; decision 0062):
// GET /v2/sites/{site}/queues/{type}/{id} and GET /v2/me/sites/{site}/queues/watch-list.
let t: AccountsHarness;
let token: string;
let noListToken: string;
const q = (type: string, id: string, query = '', site = 'acme') =>
  `/v2/sites/${site}/queues/${type}/${id}${query ? `?${query}` : ''}`;
const watchListUrl = (site = 'acme', query = '') =>
  `/v2/me/sites/${site}/queues/watch-list${query ? `?${query}` : ''}`;

type QueueBody = {
  id: string;
  type: string;
  items: { uid: string }[];
  page: number;
  totalPages: number;
  hasMore: boolean;
};

beforeAll(async () => {
  t = await accountsHarness({ sites: [] });
  await acmeCatalog().insert(t.h.db);
  await new CatalogFixture('other').insert(t.h.db);
  await new CatalogFixture('nolist').insert(t.h.db);
  await t.h.db
    .updateTable('sites')
    .set({ perms: '{"watchList":false}' })
    .where('uid', '=', 'nolist')
    .execute();
  await t.insertUser({ id: 'u1', site_uid: 'acme', email: 'u1@acme.test' });
  await t.insertUser({ id: 'u3', site_uid: 'nolist', email: 'u3@nolist.test' });
  token = await t.accessTokenFor({ id: 'u1', site: 'acme', email: 'u1@acme.test' });
  noListToken = await t.accessTokenFor({ id: 'u3', site: 'nolist', email: 'u3@nolist.test' });
});
afterAll(() => t.h.close());

const get = (url: string, auth?: string) => t.h.app.inject({ method: 'GET', url, headers: bearer(auth) });
const queue = async (url: string, auth?: string) => {
  const res = await get(url, auth);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as QueueBody;
};
const uids = (b: { items: { uid: string }[] }) => b.items.map((i) => i.uid);
/** The same items as the catalog list the loader reads. */
const listUids = async (url: string) => {
  const res = await get(url);
  expect(res.statusCode, res.body).toBe(200);
  return uids(res.json() as { items: { uid: string }[] });
};

describe('catalog queues refuse', () => {
  it('400s an unknown loader type, naming type', async () => {
    for (const type of ['nope', 'watchList', 'movieextras']) {
      const res = await get(q(type, 'm1'));
      expect(res.statusCode, type).toBe(400);
      expect(res.json().error.field, type).toBe('type');
    }
  });

  it('400s a malformed id, naming id', async () => {
    for (const id of ['two%20words', 'x'.repeat(101), 'a%2Fb']) {
      const res = await get(q('movieExtras', id));
      expect([400, 404], id).toContain(res.statusCode);
      if (res.statusCode === 400) expect(res.json().error.field, id).toBe('id');
    }
    const spaced = await get(q('movieExtras', 'two%20words'));
    expect(spaced.statusCode).toBe(400);
    expect(spaced.json().error.field).toBe('id');
  });

  it('400s bad paging, naming the field', async () => {
    for (const query of ['page=-1', 'page=x', 'pageSize=0', 'pageSize=101', 'pageSize=many']) {
      const res = await get(q('movieExtras', 'm1', query));
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.field, query).toMatch(/^page/);
    }
  });

  it('400s a dynamic loader whose id is no dynamic channel, or lists another kind, naming id', async () => {
    for (const [type, id] of [
      ['dynamicVideoChannel', 'news'],
      ['dynamicMovieChannel', 'featured'],
      ['dynamicMovieChannel', 'recent-episodes'],
      ['dynamicVideoChannel', 'popular-movies'],
    ] as const) {
      const res = await get(q(type, id));
      expect(res.statusCode, `${type}/${id}`).toBe(400);
      expect(res.json().error.field, `${type}/${id}`).toBe('id');
    }
  });

  it('404s an unknown site', async () => {
    expect((await get(q('movieExtras', 'm1', '', 'nowhere'))).statusCode).toBe(404);
  });

  it('404s what each loader cannot find', async () => {
    for (const [type, id] of [
      ['liveEventChannel', 'nochannel'],
      ['movieExtras', 'nomovie'],
      ['movieExtras', 'v1'], // a video, not a movie
      ['seriesExtras', 'noseries'],
      ['playlist', 'noplaylist'],
      ['movieChannel', 'nochannel'],
      ['seriesEpisodes', 'noseries'],
      ['seriesByDynamicEpisode', 'noepisode'],
      ['seriesByDynamicEpisode', 'v1'], // a video, not an episode
      ['seriesByDynamicEpisode', 'v-private'],
      ['videoChannel', 'nochannel'],
    ] as const) {
      const res = await get(q(type, id));
      expect(res.statusCode, `${type}/${id}`).toBe(404);
      expect(res.json().error.code, `${type}/${id}`).toBe('notFound');
    }
  });
});

describe('the watch-list queue refuses', () => {
  it('401s without a bearer token, before looking at the query', async () => {
    expect((await get(watchListUrl())).statusCode).toBe(401);
    expect((await get(watchListUrl('acme', 'page=-1'))).statusCode).toBe(401);
    expect((await get(watchListUrl(), 'not-a-jwt')).statusCode).toBe(401);
  });

  it('400s bad paging, naming the field', async () => {
    for (const query of ['page=-1', 'pageSize=0', 'pageSize=101']) {
      const res = await get(watchListUrl('acme', query), token);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.field, query).toMatch(/^page/);
    }
  });

  it("403s another site than the account's and a site without the watch list; 404s an unknown site", async () => {
    const other = await get(watchListUrl('other'), token);
    expect(other.statusCode).toBe(403);
    expect(other.json().error.code).toBe('wrongSite');
    const off = await get(watchListUrl('nolist'), noListToken);
    expect(off.statusCode).toBe(403);
    expect(off.json().error.code).toBe('watchListDisabled');
    expect((await get(watchListUrl('nowhere'), token)).statusCode).toBe(404);
  });
});

describe('each loader answers the Queue shape', () => {
  it('movieExtras: a movie’s extras and trailers, as its extras list', async () => {
    const body = await queue(q('movieExtras', 'm1'));
    expect(body).toMatchObject({ id: 'm1', type: 'movieExtras', page: 0, totalPages: 1, hasMore: false });
    expect(uids(body).sort()).toEqual(['m1-extra', 'm1-trailer']);
    expect(uids(body)).toEqual(await listUids('/v2/sites/acme/movies/m1/extras'));
    expect(Object.keys(body).sort()).toEqual(['hasMore', 'id', 'items', 'page', 'totalPages', 'type']);
  });

  it('pages: zero-based, totalPages, hasMore while a further page exists', async () => {
    const first = await queue(q('movieExtras', 'm1', 'pageSize=1'));
    expect(first).toMatchObject({ page: 0, totalPages: 2, hasMore: true });
    const second = await queue(q('movieExtras', 'm1', 'page=1&pageSize=1'));
    expect(second).toMatchObject({ page: 1, totalPages: 2, hasMore: false });
    expect([...uids(first), ...uids(second)]).toEqual(uids(await queue(q('movieExtras', 'm1'))));
  });

  it('seriesExtras: a series’ extras', async () => {
    const body = await queue(q('seriesExtras', 's1'));
    expect(body).toMatchObject({ id: 's1', type: 'seriesExtras', hasMore: false });
    expect(uids(body)).toEqual(['s1-extra']);
  });

  it('liveEventChannel: the channel’s listed live events (not ended, public or requiring login)', async () => {
    const body = await queue(q('liveEventChannel', 'events'));
    expect(body).toMatchObject({ id: 'events', type: 'liveEventChannel' });
    expect(uids(body)).toEqual(await listUids('/v2/sites/acme/channels/events/live-events?pageSize=20'));
    expect(uids(body)).toContain('le-live');
    expect(uids(body)).not.toContain('le-ended');
  });

  it('playlist: its items in playlist order, private ones left out', async () => {
    const body = await queue(q('playlist', 'pl1'));
    expect(body).toMatchObject({ id: 'pl1', type: 'playlist', page: 0, totalPages: 1, hasMore: false });
    expect(uids(body)).toEqual(['v2', 'v1', 'm1']);
  });

  it('movieChannel and videoChannel: the channel’s movies or videos, newest first', async () => {
    expect(uids(await queue(q('movieChannel', 'cinema')))).toEqual(['m2', 'm1']);
    const videos = await queue(q('videoChannel', 'news'));
    expect(videos).toMatchObject({ id: 'news', type: 'videoChannel' });
    expect(uids(videos)).toEqual(['v1', 'v2', 'v3', 'v4']);
  });

  it('dynamicMovieChannel and dynamicVideoChannel: the dynamic channel’s movies or videos', async () => {
    const movies = await queue(q('dynamicMovieChannel', 'recent'));
    expect(movies).toMatchObject({ id: 'recent', type: 'dynamicMovieChannel' });
    expect(uids(movies)).toEqual(await listUids('/v2/sites/acme/dynamic-channels/recent/movies?pageSize=20'));
    expect(uids(await queue(q('dynamicMovieChannel', 'popular-movies')))).toEqual(
      await listUids('/v2/sites/acme/dynamic-channels/popular-movies/movies?pageSize=20'),
    );
    const videos = await queue(q('dynamicVideoChannel', 'popular'));
    expect(videos).toMatchObject({ id: 'popular', type: 'dynamicVideoChannel' });
    expect(uids(videos)).toEqual(
      await listUids('/v2/sites/acme/dynamic-channels/popular/videos?pageSize=20'),
    );
  });

  it('seriesEpisodes: every season’s episodes in order; seriesByDynamicEpisode: the episode’s series', async () => {
    const body = await queue(q('seriesEpisodes', 's1'));
    expect(body).toMatchObject({ id: 's1', type: 'seriesEpisodes' });
    expect(uids(body)).toEqual(['s1e1', 's1e2', 's1e3']);
    const byEpisode = await queue(q('seriesByDynamicEpisode', 's1e2'));
    expect(byEpisode).toMatchObject({ id: 's1e2', type: 'seriesByDynamicEpisode' });
    expect(uids(byEpisode)).toEqual(['s1e1', 's1e2', 's1e3']);
  });

  it('pages by 20 by default ("20 otherwise")', async () => {
    const res = await get(q('videoChannel', 'news'));
    expect(res.statusCode).toBe(200);
    const page = await get('/v2/sites/acme/queues/videoChannel/news?pageSize=20');
    expect(res.body).toBe(page.body);
  });

  it('watchList: the viewer’s list as videos, newest first; a series gives its next episode', async () => {
    expect(await queue(watchListUrl(), token)).toMatchObject({
      id: 'me',
      type: 'watchList',
      items: [],
      page: 0,
      totalPages: 0,
      hasMore: false,
    });
    for (const contentId of ['m1', 's1', 'v2']) {
      const res = await t.h.app.inject({
        method: 'POST',
        url: `/v2/me/sites/acme/watch-list`,
        headers: bearer(token),
        payload: { contentId },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const res = await get(watchListUrl(), token);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = res.json() as QueueBody;
    expect(body).toMatchObject({ id: 'me', type: 'watchList', page: 0, totalPages: 1, hasMore: false });
    const list = (await get('/v2/me/sites/acme/watch-list', token)).json() as {
      items: { video: { uid: string } }[];
    };
    const order = list.items.map((i) => i.video.uid);
    expect(order.sort()).toEqual(['m1', 's1e1', 'v2']);
    expect(uids(body)).toEqual(list.items.map((i) => i.video.uid));
    const first = await queue(watchListUrl('acme', 'pageSize=2'), token);
    expect(first).toMatchObject({ totalPages: 2, hasMore: true });
    const second = await queue(watchListUrl('acme', 'page=1&pageSize=2'), token);
    expect(second).toMatchObject({ page: 1, hasMore: false });
    expect([...uids(first), ...uids(second)]).toEqual(uids(body));
  });
});
