import { useApi } from '@marquee/api-client/react';
import { liveChannelsQueryOptions } from '@marquee/api-client';
import { useQuery } from '@tanstack/react-query';

/** GET /v2/sites/{site}/live-channels, for the menu's channel list. */
export function useLiveChannels() {
  return useQuery(liveChannelsQueryOptions(useApi()));
}
