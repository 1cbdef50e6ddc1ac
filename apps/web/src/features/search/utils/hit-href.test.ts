// D§2.3 "Dynamic pseudo-channels: … search" (decision 0069): a video hit with no channel of its own
// plays in the 'search' pseudo-channel with the query kept; hits with a channel, titles and moments
// keep their own routes.
import type { SearchHit } from '@marquee/contract';
import { describe, expect, it } from 'vitest';
import { searchHitHref } from './hit-href';

const hit = (over: Partial<SearchHit>) =>
  ({ uid: 'v1', channel: null, searchType: 'videos', ...over }) as SearchHit;

describe('searchHitHref', () => {
  it('a video or episode with no channel plays in the search pseudo-channel, q kept', () => {
    expect(searchHitHref(hit({}), 'night train')).toBe('/search/one/v1?q=night%20train');
    expect(searchHitHref(hit({ searchType: 'episodes', uid: 'e 2' }), 'orbit')).toBe(
      '/search/one/e%202?q=orbit',
    );
  });

  it('a hit in a channel plays in that channel', () => {
    expect(searchHitHref(hit({ channel: 'news' }), 'x')).toBe('/channel/news/v1');
  });

  it('movies and series open their pages; a moment opens its video at the moment', () => {
    expect(searchHitHref(hit({ searchType: 'movies', uid: 'm1', channel: 'films' }), 'x')).toBe(
      '/movie/m1?channel=films',
    );
    expect(searchHitHref(hit({ searchType: 'series', uid: 's1' }), 'x')).toBe('/series/s1');
    expect(
      searchHitHref(
        hit({ searchType: 'moments', channel: 'news', moment: { _id: 'mo1' } as SearchHit['moment'] }),
        'x',
      ),
    ).toBe('/channel/news/v1?tag=mo1');
  });
});
