import { liveChannelsQueryOptions } from '@marquee/api-client';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** GET /v2/sites/{site}/live-channels (with EPG entries), refreshed every 60 s. */
export function useLiveChannels() {
  return useQuery(liveChannelsQueryOptions(api));
}
