import { ApiError, watchListQueryOptions } from '@marquee/api-client';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/**
 * The viewer's watch list: GET /v2/me/sites/{siteUid}/watch-list?pageSize=1000 (items with their
 * video; the series variant carries its next unfinished episode). The one cache entry the
 * watch-list buttons update, so the grid follows every add and remove.
 */
export function useWatchList(userId: string | null, enabled: boolean) {
  return useQuery({
    ...watchListQueryOptions(api, userId),
    enabled,
    retry: (count, error) => !(error instanceof ApiError && error.isClientError) && count < 1,
  });
}
