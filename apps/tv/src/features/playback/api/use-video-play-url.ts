import { useApi } from '@marquee/api-client/react';
import { renewVideoPlayUrl, videoPlayUrlQueryOptions } from '@marquee/api-client';
import { useQuery } from '@tanstack/react-query';
import { purchasePollInterval } from '../utils/purchase-path';

/**
 * GET /v2/sites/{site}/videos/{uid}/play-url; asked again every few seconds while the answer is
 * "buy it first", so a purchase made on a phone plays here without a restart.
 */
export function useVideoPlayUrl(uid: string) {
  return useQuery({
    ...videoPlayUrlQueryOptions(useApi(), uid),
    refetchInterval: (query) => purchasePollInterval(query.state.error, query.state.data),
  });
}

/** play-url again, for the player to renew its signed URL before it expires (decision 0037). */
export function useRenewVideoPlayUrl(uid: string) {
  const api = useApi();
  return () => renewVideoPlayUrl(api, uid);
}
