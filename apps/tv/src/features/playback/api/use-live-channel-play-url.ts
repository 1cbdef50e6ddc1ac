import { liveChannelPlayUrlQueryOptions } from '@marquee/api-client';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../../lib/api';

/** GET /v2/sites/{site}/live-channels/{id}/play-url. */
export function useLiveChannelPlayUrl(id: string) {
  return useQuery(liveChannelPlayUrlQueryOptions(useApi(), id));
}
