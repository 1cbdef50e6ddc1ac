import {
  SEARCH_DATE_FILTERS,
  SEARCH_LIMIT,
  SEARCH_QUERY_MAX,
  SEARCH_SORTS,
  SEARCH_TYPES,
} from '@marquee/domain';
import { z } from 'zod';
import { ClientQuery, SiteParams } from './common';

/** Search calls (discovery-and-site §2.4, §3 Search hit / result, §7). */

export const SearchType = z.enum(SEARCH_TYPES).meta({ id: 'SearchType' });
export type SearchType = z.infer<typeof SearchType>;
export const SearchSort = z.enum(SEARCH_SORTS);
export type SearchSort = z.infer<typeof SearchSort>;
/** Date filter: published within the last hour, 7 days, month or year (decision 0013). */
export const SearchDateFilter = z.enum(SEARCH_DATE_FILTERS);
export type SearchDateFilter = z.infer<typeof SearchDateFilter>;

/** One search hit: the spec's fields, plus what a result card needs to show and link it. */
export const SearchHit = z
  .object({
    id: z.string(),
    uid: z.string(),
    title: z.string(),
    description: z.string(),
    thumbnail: z.string().nullable(),
    /** Live events: the start time; else null. */
    start: z.string().nullable(),
    /** Live events: the ended flag; else null. */
    ended: z.boolean().nullable(),
    sourceType: z.string().nullable(),
    searchType: z.enum(['movies', 'videos', 'series', 'events', 'episodes', 'moments']),
    publishedDate: z.string(),
    channel: z.string().nullable(),
    /** Episodes: their series. */
    seriesUid: z.string().nullable(),
    /** Moments: the comment found (`title` is its text; `uid` its video's, `?tag=` opens it). */
    moment: z.object({ _id: z.string(), timemarker: z.number() }).nullable(),
  })
  .meta({ id: 'SearchHit' });
export type SearchHit = z.infer<typeof SearchHit>;

const searchPaging = {
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(SEARCH_LIMIT).default(SEARCH_LIMIT),
  sort: SearchSort.optional(),
  publishedWithin: SearchDateFilter.optional(),
};
const searchText = z.string().trim().min(1).max(SEARCH_QUERY_MAX);

/** GET /v2/sites/{site}/videos-search?q&type&page&limit&sort&publishedWithin */
export const VideosSearchQuery = ClientQuery.extend({
  q: searchText,
  type: SearchType.default('all'),
  ...searchPaging,
});
export type VideosSearchQuery = z.infer<typeof VideosSearchQuery>;

export const VideosSearchResponse = z
  .object({ data: z.array(SearchHit), meta: z.object({ total: z.number().int() }) })
  .meta({ id: 'VideosSearchResponse' });
export type VideosSearchResponse = z.infer<typeof VideosSearchResponse>;

/** GET /v2/sites/{site}/search/{type}?search&page&limit (the search-host variant). */
export const SearchParams = SiteParams.extend({ type: SearchType });
export type SearchParams = z.infer<typeof SearchParams>;
export const SearchQuery = ClientQuery.extend({ search: searchText, ...searchPaging });
export type SearchQuery = z.infer<typeof SearchQuery>;

/** "Search result: q, hasMore, hits, page, total, type" (§3). */
export const SearchResult = z
  .object({
    q: z.string(),
    hasMore: z.boolean(),
    hits: z.array(SearchHit),
    page: z.number().int(),
    total: z.number().int(),
    type: SearchType,
  })
  .meta({ id: 'SearchResult' });
export type SearchResult = z.infer<typeof SearchResult>;
