import { describe, expect, it } from 'vitest';
import { resolveTab } from './pages';

const config = {
  defaultPage: 'home',
  pages: [
    { url: 'movies', tabs: [{ url: 'featured', kind: 'home-movie' }] },
    {
      url: 'home',
      tabs: [
        { url: 'discover', kind: 'discover' },
        { url: 'guide', kind: 'epg' },
      ],
    },
  ],
};

describe('resolveTab (discovery-and-site §2.1)', () => {
  it('takes the default page and its first tab of the kind', () => {
    expect(resolveTab(config, 'discover')).toMatchObject({ page: { url: 'home' }, tab: { url: 'discover' } });
  });
  it('a missing or unknown tab leads to the first tab of the kind; other pages are searched too', () => {
    expect(resolveTab(config, 'epg', 'home', 'nope')?.tab.url).toBe('guide');
    expect(resolveTab(config, 'home-movie')?.page.url).toBe('movies');
    expect(resolveTab(config, 'faq')).toBeNull();
  });
});
