import {
  discoverQueryOptions,
  siteConfigQueryOptions,
  videoPlayUrlQueryOptions,
  videoQueryOptions,
} from '@marquee/api-client';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { api } from '../lib/api';
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
  it("ignores a missing or broken block, and another site's config", () => {
    const client = new QueryClient();
    seedFromBootstrap(client, docWith(null));
    seedFromBootstrap(client, docWith('{not json'));
    seedFromBootstrap(client, docWith(JSON.stringify({ config: { uid: 'elsewhere' } })));
    expect(client.getQueryData(siteConfigQueryOptions(api).queryKey)).toBeUndefined();
  });
});

describe('prefetchFirstScreen', () => {
  it('asks for the video and its play URL at once when the page opens on a watch screen', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
    const client = new QueryClient();
    expect(prefetchFirstScreen(client, '/channel/news/v%201')).toBe(true);
    const cache = client.getQueryCache();
    expect(cache.find({ queryKey: videoQueryOptions(api, 'v 1').queryKey })).toBeDefined();
    expect(cache.find({ queryKey: videoPlayUrlQueryOptions(api, 'v 1').queryKey })).toBeDefined();
    expect(prefetchFirstScreen(new QueryClient(), '/movie/v1')).toBe(false);
    vi.unstubAllGlobals();
  });
});
