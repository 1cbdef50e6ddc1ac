import { queryOptions } from '@tanstack/react-query';
import type { MovieDetail, SeriesDetail } from '@marquee/contract';
import { sitePath, type ApiClient } from '../client';
import { queryKeys } from '../query-keys';

/** GET /v2/sites/{site}/movie/{uid}: the movie with its extras and trailers (discovery-and-site §7). */
export function getMovie(api: ApiClient, uid: string, signal?: AbortSignal) {
  return api.get<MovieDetail>(sitePath(api.site, 'movie', uid), { signal });
}

export function movieQueryOptions(api: ApiClient, uid: string) {
  return queryOptions({
    queryKey: [...queryKeys.all(api), 'movie', uid] as const,
    queryFn: ({ signal }) => getMovie(api, uid, signal),
    staleTime: 60_000,
  });
}

/** GET /v2/sites/{site}/series/{uid}: the series with its seasons and their episodes. */
export function getSeries(api: ApiClient, uid: string, signal?: AbortSignal) {
  return api.get<SeriesDetail>(sitePath(api.site, 'series', uid), { signal });
}

export function seriesQueryOptions(api: ApiClient, uid: string) {
  return queryOptions({
    queryKey: [...queryKeys.all(api), 'series', uid] as const,
    queryFn: ({ signal }) => getSeries(api, uid, signal),
    staleTime: 60_000,
  });
}
