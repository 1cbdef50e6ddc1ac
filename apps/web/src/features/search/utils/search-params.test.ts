import { describe, expect, it } from 'vitest';
import { readSearchState, visibleTypes, writeSearchState } from './search-params';

describe('search URL state', () => {
  it('reads q, type, sort and date, ignoring unknown values', () => {
    expect(readSearchState(new URLSearchParams('q=%20sun%20&type=movies&sort=-title&date=week'))).toEqual({
      q: 'sun',
      type: 'movies',
      sort: '-title',
      publishedWithin: 'week',
    });
    expect(readSearchState(new URLSearchParams('type=gifs&sort=views&date=day'))).toEqual({
      q: '',
      type: 'all',
      sort: undefined,
      publishedWithin: undefined,
    });
  });

  it('writes only what differs from the defaults, and round-trips', () => {
    expect(writeSearchState({ q: 'sun', type: 'all' }).toString()).toBe('q=sun');
    const state = { q: 'a b', type: 'events', sort: 'publishedDate', publishedWithin: 'year' } as const;
    expect(readSearchState(writeSearchState(state))).toEqual(state);
  });

  it('lists All, then each type "only if enabled in the search options" (§2.4)', () => {
    expect(visibleTypes(undefined)).toEqual(['all', 'movies', 'series', 'videos', 'episodes', 'events']);
    expect(
      visibleTypes({ movies: true, series: false, videos: true, episodes: false, liveEvents: false }),
    ).toEqual(['all', 'movies', 'videos']);
    // Comments last, where the site shows them.
    expect(visibleTypes(undefined, true).at(-1)).toBe('moments');
  });
});
