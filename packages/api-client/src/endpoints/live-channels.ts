import { queryOptions } from '@tanstack/react-query';
import type { LiveChannelList } from '@marquee/contract';
import { sitePath, type ApiClient } from '../client';
import { queryKeys } from '../query-keys';

/** GET /v2/sites/{site}/live-channels: live channels with the EPG entries of the default window. */
export function getLiveChannels(api: ApiClient, signal?: AbortSignal) {
  return api.get<LiveChannelList>(sitePath(api.site, 'live-channels'), { signal });
}

export function liveChannelsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: queryKeys.liveChannels(api),
    queryFn: ({ signal }) => getLiveChannels(api, signal),
    // The programme timer defaults to 60 s (discovery-and-site §2.5).
    staleTime: 60_000,
    refetchInterval: 60_000,
  });
}
