import { describe, expect, it } from 'vitest';
import {
  publishedSince,
  parseSearchSort,
  searchedTypes,
  searchHasMore,
  searchPerPage,
  searchTerms,
  searchTypeOfVideo,
  SEARCH_DEBOUNCE_MS,
  SEARCH_LIMIT,
} from './search';

describe('search rules (discovery-and-site §2.4, §7, §9)', () => {
  it('"Search limit 100 per request; debounce 300 ms"', () => {
    expect(SEARCH_LIMIT).toBe(100);
    expect(SEARCH_DEBOUNCE_MS).toBe(300);
  });

  it('"Search hasMore if (page+1)*perPage <= total, perPage 70 desktop and 15 otherwise"', () => {
    expect(searchPerPage(true)).toBe(70);
    expect(searchPerPage(false)).toBe(15);
    expect(searchHasMore(0, 15, 14)).toBe(false);
    expect(searchHasMore(0, 15, 15)).toBe(true);
    expect(searchHasMore(0, 15, 16)).toBe(true);
    expect(searchHasMore(1, 15, 29)).toBe(false);
    expect(searchHasMore(1, 70, 140)).toBe(true);
  });

  it('"a leading minus sign means descending" for publishedDate and title', () => {
    expect(parseSearchSort('title')).toEqual({ field: 'title', descending: false });
    expect(parseSearchSort('-publishedDate')).toEqual({ field: 'publishedDate', descending: true });
  });

  it('"Date filters (one hour, 7 days, 1 month, 1 year) are computed from now"', () => {
    const now = new Date('2026-03-31T12:00:00.000Z');
    expect(publishedSince('hour', now).toISOString()).toBe('2026-03-31T11:00:00.000Z');
    expect(publishedSince('week', now).toISOString()).toBe('2026-03-24T12:00:00.000Z');
    // One calendar month back; 31 February rolls over to 3 March like Date does.
    expect(publishedSince('month', now).toISOString()).toBe('2026-03-03T12:00:00.000Z');
    expect(publishedSince('year', now).toISOString()).toBe('2025-03-31T12:00:00.000Z');
  });

  it('splits a query into words and drops the full-text syntax', () => {
    expect(searchTerms('  Sun-set "OR" *drama*  ')).toEqual(['sun', 'set', 'or', 'drama']);
    expect(searchTerms('Café Ñu 42')).toEqual(['café', 'ñu', '42']);
    expect(searchTerms('"*()')).toEqual([]);
    expect(searchTerms('a b c d e f g h i j')).toHaveLength(8);
  });

  it('maps result types to video types and honours the site search options', () => {
    expect(searchTypeOfVideo('liveEvent')).toBe('events');
    expect(searchTypeOfVideo('movie')).toBe('movies');
    expect(searchTypeOfVideo('liveChannel')).toBeNull();
    expect(searchedTypes('all', {})).toEqual(['movies', 'videos', 'series', 'events', 'episodes']);
    expect(searchedTypes('all', { liveEvents: false, series: false })).toEqual([
      'movies',
      'videos',
      'episodes',
    ]);
    expect(searchedTypes('events', { liveEvents: false })).toEqual([]);
  });

  it('"Result types: … moments": searched when asked for, never as part of all', () => {
    expect(searchedTypes('moments', {})).toEqual(['moments']);
    expect(searchedTypes('all', {})).not.toContain('moments');
  });
});
