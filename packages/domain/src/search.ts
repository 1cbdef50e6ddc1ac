/** Search rules (discovery-and-site §2.4, §7 Search calls and paging, §9). */

/** "Search limit 100 per request" (§9). */
export const SEARCH_LIMIT = 100;
/** "debounce 300 ms" (§9): the search box waits this long after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 300;
/** "perPage 70 desktop and 15 otherwise" (§7). */
export const SEARCH_PER_PAGE = { desktop: 70, other: 15 } as const;
/** The longest query accepted, in characters. */
export const SEARCH_QUERY_MAX = 200;
/** Terms past this many are ignored: a query is a few words, not a document. */
export const SEARCH_MAX_TERMS = 8;

/**
 * "Result types: all, movies, videos, series, events, episodes, moments" (§2.4). Moments (viewers'
 * comments, decision 0048) are searched only when asked for: `all` means the catalog's titles.
 */
export const SEARCH_TYPES = ['all', 'movies', 'videos', 'series', 'events', 'episodes', 'moments'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];
export type SearchHitType = Exclude<SearchType, 'all'>;
/** The catalog's hit types (what `all` searches). */
export type TitleHitType = Exclude<SearchHitType, 'moments'>;

/** "fields publishedDate and title, a leading minus sign means descending" (§2.4). */
export const SEARCH_SORTS = ['publishedDate', '-publishedDate', 'title', '-title'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** "Date filters (one hour, 7 days, 1 month, 1 year) are computed from now" (§2.4). */
export const SEARCH_DATE_FILTERS = ['hour', 'week', 'month', 'year'] as const;
export type SearchDateFilter = (typeof SEARCH_DATE_FILTERS)[number];

/** The site's search options (SiteConfig.searchOptions) name the types by these keys. */
export type SearchOptionKey = 'movies' | 'series' | 'videos' | 'episodes' | 'liveEvents';
export const SEARCH_OPTION_OF: Record<TitleHitType, SearchOptionKey> = {
  movies: 'movies',
  series: 'series',
  videos: 'videos',
  episodes: 'episodes',
  events: 'liveEvents',
};

/** Video row types behind each hit type; series hits come from the series themselves. */
export const VIDEO_TYPE_OF: Record<Exclude<TitleHitType, 'series'>, string> = {
  movies: 'movie',
  videos: 'video',
  episodes: 'episode',
  events: 'liveEvent',
};

/** The hit type of a video row type, or null when that type is not searchable (live channels). */
export function searchTypeOfVideo(type: string): TitleHitType | null {
  for (const [hit, video] of Object.entries(VIDEO_TYPE_OF)) if (video === type) return hit as TitleHitType;
  return null;
}

/** The hit types a search of `type` covers, limited to those the site enables. */
export function searchedTypes(
  type: SearchType,
  options: Partial<Record<SearchOptionKey, boolean>>,
): SearchHitType[] {
  if (type === 'moments') return ['moments'];
  const all = SEARCH_TYPES.filter((t): t is TitleHitType => t !== 'all' && t !== 'moments');
  const wanted = type === 'all' ? all : [type];
  return wanted.filter((t) => options[SEARCH_OPTION_OF[t]] !== false);
}

/** "Search hasMore if (page+1)*perPage <= total" (§7), page zero-based. */
export function searchHasMore(page: number, perPage: number, total: number): boolean {
  return (page + 1) * perPage <= total;
}

/** Results per page: 70 on desktop, 15 otherwise (§7). */
export function searchPerPage(desktop: boolean): number {
  return desktop ? SEARCH_PER_PAGE.desktop : SEARCH_PER_PAGE.other;
}

/** The earliest publish time a date filter keeps, computed from `now` (calendar month and year, UTC). */
export function publishedSince(filter: SearchDateFilter, now: Date): Date {
  const d = new Date(now.getTime());
  switch (filter) {
    case 'hour':
      return new Date(now.getTime() - 3_600_000);
    case 'week':
      return new Date(now.getTime() - 7 * 86_400_000);
    case 'month':
      d.setUTCMonth(d.getUTCMonth() - 1);
      return d;
    case 'year':
      d.setUTCFullYear(d.getUTCFullYear() - 1);
      return d;
  }
}

/** A sort parameter as a field and a direction. */
export function parseSearchSort(sort: SearchSort): { field: 'publishedDate' | 'title'; descending: boolean } {
  const descending = sort.startsWith('-');
  return { field: (descending ? sort.slice(1) : sort) as 'publishedDate' | 'title', descending };
}

/**
 * The words of a query: runs of letters and digits, lower-cased, at most SEARCH_MAX_TERMS. Everything
 * else (quotes, operators, punctuation) separates words, so user input never reaches the full-text
 * syntax of either database. The last word is matched as a prefix ("sun" finds "Sunset").
 */
export function searchTerms(q: string): string[] {
  return (q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, SEARCH_MAX_TERMS);
}
