import { infiniteQueryOptions } from '@tanstack/react-query';
import type {
  SearchResult,
  SearchSort,
  SearchType,
  SearchDateFilter,
  VideosSearchResponse,
} from '@marquee/contract';
import { sitePath, type ApiClient } from '../client';
import { queryKeys } from '../query-keys';

export type SearchFilters = {
  type: SearchType;
  sort?: SearchSort;
  publishedWithin?: SearchDateFilter;
};

/** GET /v2/sites/{site}/search/{type}?search&page&limit (zero-based pages) → the spec's Search result. */
export function getSearch(
  api: ApiClient,
  q: string,
  filters: SearchFilters,
  page: number,
  limit: number,
  signal?: AbortSignal,
) {
  return api.get<SearchResult>(sitePath(api.site, 'search', filters.type), {
    query: { search: q, page, limit, sort: filters.sort, publishedWithin: filters.publishedWithin },
    signal,
  });
}

/** GET /v2/sites/{site}/videos-search?q&type&page&limit → `{ data, meta: { total } }`. */
export function getVideosSearch(
  api: ApiClient,
  q: string,
  filters: SearchFilters,
  page: number,
  limit: number,
  signal?: AbortSignal,
) {
  return api.get<VideosSearchResponse>(sitePath(api.site, 'videos-search'), {
    query: {
      q,
      type: filters.type,
      page,
      limit,
      sort: filters.sort,
      publishedWithin: filters.publishedWithin,
    },
    signal,
  });
}

/** Page after page of search hits while the server says hasMore ((page+1)*perPage <= total). */
export function searchInfiniteQueryOptions(
  api: ApiClient,
  q: string,
  filters: SearchFilters,
  perPage: number,
) {
  return infiniteQueryOptions({
    queryKey: [
      ...queryKeys.all(api),
      'search',
      q,
      filters.type,
      filters.sort ?? null,
      filters.publishedWithin ?? null,
      perPage,
    ] as const,
    queryFn: ({ pageParam, signal }) => getSearch(api, q, filters, pageParam, perPage, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    staleTime: 60_000,
  });
}
