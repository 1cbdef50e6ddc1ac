import { useApi } from '@marquee/api-client/react';
import { movieQueryOptions, seriesQueryOptions } from '@marquee/api-client';
import { useQuery } from '@tanstack/react-query';

/** GET /v2/sites/{site}/movie/{uid}: the movie with its trailers and extras. */
export function useMovie(uid: string) {
  return useQuery(movieQueryOptions(useApi(), uid));
}

/** GET /v2/sites/{site}/series/{uid}: the series with its seasons and episodes. */
export function useSeries(uid: string) {
  return useQuery(seriesQueryOptions(useApi(), uid));
}
