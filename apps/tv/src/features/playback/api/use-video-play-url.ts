import { videoPlayUrlQueryOptions } from '@marquee/api-client';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../../lib/api';

/** GET /v2/sites/{site}/videos/{uid}/play-url. */
export function useVideoPlayUrl(uid: string) {
  return useQuery(videoPlayUrlQueryOptions(useApi(), uid));
}
