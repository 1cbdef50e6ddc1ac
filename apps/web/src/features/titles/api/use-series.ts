import { seriesExtrasQueryOptions, seriesQueryOptions } from '@marquee/api-client';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** A series with its seasons and episodes (GET series/{uid}). */
export function useSeries(uid: string) {
  return useQuery(seriesQueryOptions(api, uid));
}

/** A series' extras (GET series/{uid}/extras); a failure leaves the list empty. */
export function useSeriesExtras(uid: string) {
  return useQuery(seriesExtrasQueryOptions(api, uid));
}
