import { useApi } from '@marquee/api-client/react';
import { renewVideoPlayUrl, videoPlayUrlQueryOptions } from '@marquee/api-client';
import { useQuery } from '@tanstack/react-query';

/** GET /v2/sites/{site}/videos/{uid}/play-url. */
export function useVideoPlayUrl(uid: string) {
  return useQuery(videoPlayUrlQueryOptions(useApi(), uid));
}

/** play-url again, for the player to renew its signed URL before it expires (decision 0037). */
export function useRenewVideoPlayUrl(uid: string) {
  const api = useApi();
  return () => renewVideoPlayUrl(api, uid);
}
