import { searchInfiniteQueryOptions, type SearchFilters } from '@marquee/api-client';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/**
 * Search hits page by page (perPage 70 on desktop, 15 otherwise), while the server says hasMore.
 * A new query or filter keeps the previous hits on screen until its answer comes (no flash of
 * "Searching…" while typing).
 */
export function useSearch(q: string, filters: SearchFilters, perPage: number) {
  return useInfiniteQuery({
    ...searchInfiniteQueryOptions(api, q, filters, perPage),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
  });
}
