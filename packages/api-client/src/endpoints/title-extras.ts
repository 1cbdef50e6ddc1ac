import { queryOptions } from '@tanstack/react-query';
import type { Paginated, Video } from '@marquee/contract';
import { sitePath, type ApiClient } from '../client';
import { queryKeys } from '../query-keys';

/** GET /v2/sites/{site}/series/{uid}/extras: a series' extras (first page of 30). */
export function getSeriesExtras(api: ApiClient, uid: string, signal?: AbortSignal) {
  return api.get<Paginated<Video>>(sitePath(api.site, 'series', uid, 'extras'), {
    query: { page: 0, pageSize: 30 },
    signal,
  });
}

export function seriesExtrasQueryOptions(api: ApiClient, uid: string) {
  return queryOptions({
    queryKey: [...queryKeys.all(api), 'series-extras', uid] as const,
    queryFn: ({ signal }) => getSeriesExtras(api, uid, signal),
    staleTime: 60_000,
  });
}
