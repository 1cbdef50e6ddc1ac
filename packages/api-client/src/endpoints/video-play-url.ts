import { queryOptions } from '@tanstack/react-query';
import { sitePath, type ApiClient } from '../client';
import { shouldRetry } from '../errors';
import { queryKeys } from '../query-keys';
import type { PlayableUrl } from '../types';

/** GET /v2/sites/{site}/videos/{uid}/play-url: access decision plus a signed, expiring HLS URL. */
export function getVideoPlayUrl(api: ApiClient, uid: string, signal?: AbortSignal) {
  return api.get<PlayableUrl>(sitePath(api.site, 'videos', uid, 'play-url'), { signal });
}

/** A play-url answer's signed URL and its expiry; null when it does not play. */
export const renewedSource = (p: PlayableUrl): { url: string; expiresAt: string | null } | null =>
  p.url ? { url: p.url, expiresAt: p.expiresAt } : null;

/**
 * play-url again outside the query, so a playing source stays as it is: how the players renew a
 * signed URL before it expires (decision 0037). Null once the title no longer plays.
 */
export const renewVideoPlayUrl = async (api: ApiClient, uid: string) =>
  renewedSource(await getVideoPlayUrl(api, uid));

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
