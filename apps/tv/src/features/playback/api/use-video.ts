import { useApi } from '@marquee/api-client/react';
import { videoQueryOptions } from '@marquee/api-client';
import { useQuery } from '@tanstack/react-query';

/** GET /v2/sites/{site}/videos/{uid}. */
export function useVideo(uid: string) {
  return useQuery(videoQueryOptions(useApi(), uid));
}
