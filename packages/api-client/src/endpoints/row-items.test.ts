import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../client';
import { ApiError } from '../errors';
import { channelItemsHref, dynamicItemsHref, getChannel } from './channel-details';
import { getRowPage, rowItemsInfiniteQueryOptions } from './row-items';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const page = (items: unknown[], next: number | null, total: number) => ({
  items,
  current_page: 0,
  items_per_page: 30,
  next_page: next,
  prev_page: null,
  total_items: total,
  total_pages: 1,
});

function client(...responses: Response[]) {
  const fetch = vi.fn<typeof globalThis.fetch>();
  for (const r of responses) fetch.mockResolvedValueOnce(r);
  return { api: createApiClient({ site: 'demo', source: 'web', fetch }), fetch };
}

describe('row pages (discovery-and-site §2.2: rows page 30)', () => {
  it('asks for pages of 30 and follows next_page', async () => {
    const { api, fetch } = client(json(page([{ uid: 'v1', type: 'video' }], 1, 40)));
    const res = await getRowPage(api, '/v2/sites/demo/channels/news/videos', 0);
    expect(String(fetch.mock.calls[0]?.[0])).toContain('page=0&pageSize=30');
    expect(res).toMatchObject({ nextPage: 1, total: 40 });
  });

  it('shows series of a series channel as series cards', async () => {
    const series = { uid: 's1', title: 'Orbit', description: '', poster: '/p.jpg', thumbnails: null };
    const { api } = client(json(page([{ ...series, publishedDate: '', genres: [], mpaa: null }], null, 1)));
    const res = await getRowPage(api, '/v2/sites/demo/channels/shows/series', 0);
    expect(res.items[0]).toMatchObject({ uid: 's1', type: 'series', img: '/p.jpg', url: '/series/s1' });
  });

  it('pages a playlist ({ items, total }) by its total', async () => {
    const { api } = client(
      json({ uid: 'p', items: [], total: 45 }),
      json({ uid: 'p', items: [], total: 45 }),
    );
    expect((await getRowPage(api, '/v2/sites/demo/playlists/p', 0)).nextPage).toBe(1);
    expect((await getRowPage(api, '/v2/sites/demo/playlists/p', 1)).nextPage).toBeNull();
  });
});

describe('row query keys', () => {
  it("keeps a viewer's own list apart from the shared one and from other viewers'", () => {
    const api = createApiClient({ baseUrl: '', site: 'acme', source: 'web' });
    const key = (viewer?: string | null) => rowItemsInfiniteQueryOptions(api, '/rec', viewer).queryKey;
    expect(key()).toEqual(key(null));
    expect(key('u1')).not.toEqual(key());
    expect(key('u1')).not.toEqual(key('u2'));
  });
});

describe('channel details calls', () => {
  it('404s for a channel the site does not have, and finds one case-insensitively', async () => {
    const { api } = client(json(page([{ channelId: 'news', type: 'videos' }], null, 1)));
    await expect(getChannel(api, 'sports')).rejects.toBeInstanceOf(ApiError);
    const found = client(json(page([{ channelId: 'news', type: 'videos' }], null, 1)));
    expect((await getChannel(found.api, 'NEWS')).channelId).toBe('news');
  });

  it("builds each channel's list path", () => {
    const { api } = client();
    expect(channelItemsHref(api, { channelId: 'shows', type: 'series' })).toBe(
      '/v2/sites/demo/channels/shows/series',
    );
    expect(channelItemsHref(api, { channelId: 'x', type: 'videos' })).toBe(
      '/v2/sites/demo/channels/x/videos',
    );
    expect(dynamicItemsHref(api, 'recent', 'episodes')).toBe(
      '/v2/sites/demo/dynamic-channels/recent/episodes',
    );
  });
});
