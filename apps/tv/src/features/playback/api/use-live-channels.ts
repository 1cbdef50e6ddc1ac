import { liveChannelsQueryOptions } from '@marquee/api-client';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../../lib/api';

/** GET /v2/sites/{site}/live-channels (names and EPG for the overlay). */
export function useLiveChannels() {
  return useQuery(liveChannelsQueryOptions(useApi()));
}
