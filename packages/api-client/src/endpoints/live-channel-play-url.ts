import { queryOptions } from '@tanstack/react-query';
import { sitePath, type ApiClient } from '../client';
import { shouldRetry } from '../errors';
import { queryKeys } from '../query-keys';
import type { PlayableUrl } from '../types';
import { renewedSource } from './video-play-url';

/** GET /v2/sites/{site}/live-channels/{id}/play-url: the channel's live HLS URL. */
export function getLiveChannelPlayUrl(api: ApiClient, id: string, signal?: AbortSignal) {
  return api.get<PlayableUrl>(sitePath(api.site, 'live-channels', id, 'play-url'), { signal });
}

/** The live channel's play-url again, for the player's renewal (see renewVideoPlayUrl). */
export const renewLiveChannelPlayUrl = async (api: ApiClient, id: string) =>
  renewedSource(await getLiveChannelPlayUrl(api, id));

export function liveChannelPlayUrlQueryOptions(api: ApiClient, id: string) {
  return queryOptions({
    queryKey: queryKeys.liveChannelPlayUrl(api, id),
    queryFn: ({ signal }) => getLiveChannelPlayUrl(api, id, signal),
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: shouldRetry,
  });
}
