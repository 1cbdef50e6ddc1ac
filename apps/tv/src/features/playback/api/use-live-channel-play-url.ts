import { useApi } from '@marquee/api-client/react';
import { liveChannelPlayUrlQueryOptions, renewLiveChannelPlayUrl } from '@marquee/api-client';
import { useQuery } from '@tanstack/react-query';

/** GET /v2/sites/{site}/live-channels/{id}/play-url; null: not yet (the channel is still being found). */
export function useLiveChannelPlayUrl(id: string | null) {
  return useQuery({ ...liveChannelPlayUrlQueryOptions(useApi(), id ?? ''), enabled: id !== null });
}

/** The channel's play-url again, for the player to renew its signed URL before it expires (decision 0037). */
export function useRenewLiveChannelPlayUrl(id: string | null) {
  const api = useApi();
  return () => renewLiveChannelPlayUrl(api, id ?? '');
}
