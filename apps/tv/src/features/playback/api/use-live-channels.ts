import { useApi } from '@marquee/api-client/react';
import { liveChannelsQueryOptions } from '@marquee/api-client';
import { useQuery } from '@tanstack/react-query';

/** GET /v2/sites/{site}/live-channels (names and EPG for the overlay). */
export function useLiveChannels() {
  return useQuery(liveChannelsQueryOptions(useApi()));
}
