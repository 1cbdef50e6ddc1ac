import type { DiscoverAsset, SiteConfig } from '@marquee/contract';
import { describe, expect, it, vi } from 'vitest';
import { pageBootstrap } from './page-bootstrap';

const config = {
  uid: 'acme',
  defaultPage: 'home',
  pages: [
    {
      url: 'home',
      title: 'Home',
      tabs: [{ id: 't1', url: 'discover', title: 'Discover', kind: 'discover' }],
    },
  ],
} as unknown as SiteConfig;
const thumbs = {
  maxres: { url: '/t/max.jpg', width: 1280, height: 720 },
  high: { url: '/t/high.jpg', width: 480, height: 360 },
};
const asset = {
  id: 't1',
  title: 'Discover',
  rows: [
    {
      type: 'featured',
      items: [{ uid: 'v1', metadata: { thumbnails: thumbs }, thumbnail: null, img: null }],
    },
  ],
} as unknown as DiscoverAsset;

describe('pageBootstrap', () => {
  it('gives the landing its config, its discover rows and the lead image to preload', async () => {
    const discover = vi.fn(async () => asset);
    const page = await pageBootstrap({ config: async () => config, discover }, 'acme', '/');
    expect(discover).toHaveBeenCalledWith('acme', 't1');
    expect(page?.discover?.tabId).toBe('t1');
    expect(page?.leadImage?.src).toBe('/t/max.jpg');
    expect(page?.leadImage?.srcSet).toContain('480w');
  });
  it('gives other pages only the config, and a failure nothing (the client fetches as usual)', async () => {
    const discover = vi.fn(async () => asset);
    expect(await pageBootstrap({ config: async () => config, discover }, 'acme', '/searchs')).toEqual({
      config,
    });
    expect(discover).not.toHaveBeenCalled();
    const failing = { config: async () => Promise.reject(new Error('down')), discover };
    expect(await pageBootstrap(failing, 'acme', '/')).toBeNull();
  });
  it('reads a named discover tab from its path', async () => {
    const discover = vi.fn(async () => asset);
    await pageBootstrap({ config: async () => config, discover }, 'acme', '/pages/home/d/discover');
    expect(discover).toHaveBeenCalledWith('acme', 't1');
  });
});
