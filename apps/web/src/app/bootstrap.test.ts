import { discoverQueryOptions, siteConfigQueryOptions } from '@marquee/api-client';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { api } from '../lib/api';
import { seedFromBootstrap } from './bootstrap';

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
