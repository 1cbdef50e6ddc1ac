import { discoverQueryOptions, siteConfigQueryOptions, videoQueryOptions } from '@marquee/api-client';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { api } from '../lib/api';
import { takeFirstPlayUrl } from '../features/watch/api/first-play-url';
import { prefetchFirstScreen, seedFromBootstrap } from './bootstrap';

const docWith = (text: string | null) =>
  ({ getElementById: () => (text === null ? null : { textContent: text }) }) as unknown as Document;

describe('seedFromBootstrap', () => {
  it('puts the inlined site config and landing rows in the query cache', () => {
    const client = new QueryClient();
    const config = { uid: api.site, name: 'Demo' };
    const asset = { id: 't1', title: 'Discover', rows: [] };
    seedFromBootstrap(client, docWith(JSON.stringify({ config, discover: { tabId: 't1', asset } })));
    expect(client.getQueryData(siteConfigQueryOptions(api).queryKey)).toEqual(config);
    expect(client.getQueryData(discoverQueryOptions(api, 't1').queryKey)).toEqual(asset);
  });
  it("puts a watch page's inlined video in the query cache", () => {
    const client = new QueryClient();
    const video = { uid: 'v1', title: 'One' };
    seedFromBootstrap(client, docWith(JSON.stringify({ config: { uid: api.site }, video })));
    expect(client.getQueryData(videoQueryOptions(api, 'v1').queryKey)).toEqual(video);
  });
  it("ignores a missing or broken block, and another site's config", () => {
    const client = new QueryClient();
    seedFromBootstrap(client, docWith(null));
    seedFromBootstrap(client, docWith('{not json'));
    seedFromBootstrap(client, docWith(JSON.stringify({ config: { uid: 'elsewhere' } })));
    expect(client.getQueryData(siteConfigQueryOptions(api).queryKey)).toBeUndefined();
  });
});

describe('prefetchFirstScreen', () => {
  const anonymous = { signedIn: false, validToken: async () => null };
  const playUrl = {
    url: '/media/tok/a1/master.m3u8',
    expiresAt: new Date(Date.now() + 60_000).toISOString(),
  };
  const inline = (videoUid: string) =>
    ({
      getElementById: (id: string) =>
        id === 'marquee-first-frame' ? { textContent: JSON.stringify({ videoUid, playUrl }) } : null,
    }) as unknown as Document;

  it('asks for the video and its play URL at once when the page opens on a watch screen', async () => {
    const fetch = vi.fn((_url: string) => new Promise(() => {}));
    vi.stubGlobal('fetch', fetch);
    const client = new QueryClient();
    expect(prefetchFirstScreen(client, anonymous, '/channel/news/v%201', docWith(null))).toBe(true);
    expect(client.getQueryCache().find({ queryKey: videoQueryOptions(api, 'v 1').queryKey })).toBeDefined();
    const held = takeFirstPlayUrl('v 1');
    expect(held?.value).toBeUndefined();
    await vi.waitFor(() =>
      expect(fetch.mock.calls.map(([url]) => String(url))).toContainEqual(
        expect.stringContaining('/videos/v%201/play-url'),
      ),
    );
    expect(prefetchFirstScreen(new QueryClient(), anonymous, '/movie/v1', docWith(null))).toBe(false);
    vi.unstubAllGlobals();
  });

  it("hands the server's inlined answer to an anonymous viewer's first watch screen, once", () => {
    const fetch = vi.fn((_url: string) => new Promise(() => {}));
    vi.stubGlobal('fetch', fetch);
    expect(prefetchFirstScreen(new QueryClient(), anonymous, '/channel/news/v1', inline('v1'))).toBe(true);
    expect(takeFirstPlayUrl('v2')).toBeNull();
    expect(takeFirstPlayUrl('v1')?.value).toEqual(playUrl);
    expect(takeFirstPlayUrl('v1')).toBeNull();
    expect(fetch.mock.calls.some(([url]) => String(url).includes('play-url'))).toBe(false);
    vi.unstubAllGlobals();
  });

  it("ignores the inlined answer for a signed-in viewer or another video, and asks with the viewer's token", async () => {
    const fetch = vi.fn((_url: string) => new Promise(() => {}));
    vi.stubGlobal('fetch', fetch);
    const validToken = vi.fn(async () => 'token');
    prefetchFirstScreen(new QueryClient(), { signedIn: true, validToken }, '/channel/news/v1', inline('v1'));
    expect(takeFirstPlayUrl('v1')?.value).toBeUndefined();
    expect(validToken).toHaveBeenCalled();
    prefetchFirstScreen(new QueryClient(), anonymous, '/channel/news/v1', inline('v9'));
    expect(takeFirstPlayUrl('v1')?.value).toBeUndefined();
    vi.unstubAllGlobals();
  });
});
