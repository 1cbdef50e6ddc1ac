import { ApiError, queryKeys } from '@marquee/api-client';
import type { Video } from '@marquee/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Watch list page 1000 (discovery-and-site §7, §9). */
const WATCH_LIST_PAGE = 1000;
type WatchListResponse = { items?: Array<{ video?: Video | null }>; totalItems?: number };

/**
 * The viewer's watch list: GET /v2/me/sites/{siteUid}/watch-list (items with their video, the series
 * variant carrying its next episode). `unavailable` when the server does not offer the call yet.
 */
export function useWatchList(enabled: boolean) {
  const query = useQuery({
    queryKey: [...queryKeys.all(api), 'watch-list'] as const,
    enabled,
    retry: (count, error) => !(error instanceof ApiError && error.isClientError) && count < 1,
    queryFn: async ({ signal }) => {
      const res = await api.get<WatchListResponse>(
        `/v2/me/sites/${encodeURIComponent(api.site)}/watch-list`,
        {
          query: { pageSize: WATCH_LIST_PAGE },
          signal,
        },
      );
      return (res.items ?? []).map((i) => i.video).filter((v): v is Video => !!v);
    },
  });
  const unavailable = query.error instanceof ApiError && [404, 405, 501].includes(query.error.status);
  return { query, unavailable };
}
