import { videoPlayUrlQueryOptions } from '@marquee/api-client';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** GET /v2/sites/{site}/videos/{uid}/play-url: the access decision and a signed HLS URL. */
export function useVideoPlayUrl(uid: string) {
  return useQuery(videoPlayUrlQueryOptions(api, uid));
}
