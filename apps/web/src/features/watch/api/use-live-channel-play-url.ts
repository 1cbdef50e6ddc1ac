import { liveChannelPlayUrlQueryOptions, renewLiveChannelPlayUrl as renew } from '@marquee/api-client';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** GET /v2/sites/{site}/live-channels/{id}/play-url. */
export function useLiveChannelPlayUrl(id: string | undefined) {
  return useQuery({ ...liveChannelPlayUrlQueryOptions(api, id ?? ''), enabled: !!id });
}

/** The channel's play-url again, for the player to renew its signed URL before it expires (decision 0037). */
export const renewLiveChannelPlayUrl = (id: string) => renew(api, id);
