import { useApi } from '@marquee/api-client/react';
import { liveChannelPlayUrlQueryOptions, renewLiveChannelPlayUrl } from '@marquee/api-client';
import { useQuery } from '@tanstack/react-query';

/** GET /v2/sites/{site}/live-channels/{id}/play-url. */
export function useLiveChannelPlayUrl(id: string) {
  return useQuery(liveChannelPlayUrlQueryOptions(useApi(), id));
}

/** The channel's play-url again, for the player to renew its signed URL before it expires (decision 0037). */
export function useRenewLiveChannelPlayUrl(id: string) {
  const api = useApi();
  return () => renewLiveChannelPlayUrl(api, id);
}
