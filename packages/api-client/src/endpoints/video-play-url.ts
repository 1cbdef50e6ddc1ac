import { queryOptions } from '@tanstack/react-query';
import { sitePath, type ApiClient } from '../client';
import { shouldRetry } from '../errors';
import { queryKeys } from '../query-keys';
import type { PlayableUrl } from '../types';

/** GET /v2/sites/{site}/videos/{uid}/play-url: access decision plus a signed, expiring HLS URL. */
export function getVideoPlayUrl(api: ApiClient, uid: string, signal?: AbortSignal) {
  return api.get<PlayableUrl>(sitePath(api.site, 'videos', uid, 'play-url'), { signal });
}

/**
 * play-url again outside the query, so a playing source stays as it is: how the players renew a
 * signed URL before it expires (decision 0037). Null once the title no longer plays.
 */
export async function renewVideoPlayUrl(
  api: ApiClient,
  uid: string,
): Promise<{ url: string; expiresAt: string | null } | null> {
  const next = await getVideoPlayUrl(api, uid);
  return next.url ? { url: next.url, expiresAt: next.expiresAt } : null;
}

export function videoPlayUrlQueryOptions(api: ApiClient, uid: string) {
  return queryOptions({
    queryKey: queryKeys.videoPlayUrl(api, uid),
    queryFn: ({ signal }) => getVideoPlayUrl(api, uid, signal),
    // Signed URLs expire and are bound to the user: never reuse a stale one.
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: shouldRetry,
  });
}
