import { liveChannelPlayUrlQueryOptions } from '@marquee/api-client';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** GET /v2/sites/{site}/live-channels/{id}/play-url: the selected channel's live HLS URL (off while undefined). */
export function useChannelPlayUrl(id: string | undefined) {
  return useQuery({ ...liveChannelPlayUrlQueryOptions(api, id ?? ''), enabled: !!id });
}
