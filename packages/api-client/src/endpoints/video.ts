import { queryOptions } from '@tanstack/react-query';
import type { Video } from '@marquee/contract';
import { sitePath, type ApiClient } from '../client';
import { queryKeys } from '../query-keys';

/** GET /v2/sites/{site}/videos/{uid}: the normalized video. */
export function getVideo(api: ApiClient, uid: string, signal?: AbortSignal) {
  return api.get<Video>(sitePath(api.site, 'videos', uid), { signal });
}

export function videoQueryOptions(api: ApiClient, uid: string) {
  return queryOptions({
    queryKey: queryKeys.video(api, uid),
    queryFn: ({ signal }) => getVideo(api, uid, signal),
    staleTime: 60_000,
  });
}
