import { queryOptions } from '@tanstack/react-query';
import type { CreateMomentBody, Moment, MomentList } from '@marquee/contract';
import { apiPath, sitePath, type ApiClient } from '../client';
import { queryKeys } from '../query-keys';

// Moments (discovery-and-site §7 Moments; decision 0048).

export const momentsQueryKey = (api: ApiClient, videoUid: string) =>
  [...queryKeys.all(api), 'moments', videoUid] as const;

/** POST /api/moments/{channel}/none (login). */
export function createMoment(api: ApiClient, channelId: string, body: CreateMomentBody) {
  return api.request<Moment>('POST', apiPath('api', 'moments', channelId, 'none'), { body });
}

/** GET videos/{id}/moments?timemarker&lt: the moments of a window of the video, in time order. */
export function momentsWindowQueryOptions(api: ApiClient, videoUid: string, from: number, to: number) {
  return queryOptions({
    queryKey: [...momentsQueryKey(api, videoUid), from, to] as const,
    queryFn: ({ signal }) =>
      api.get<MomentList>(sitePath(api.site, 'videos', videoUid, 'moments'), {
        query: { timemarker: from, lt: to },
        signal,
      }),
    staleTime: 15_000,
  });
}

/** GET videos/{id}/moments/{momentId}: the moment a `?tag=` link names. */
export function momentQueryOptions(api: ApiClient, videoUid: string, momentId: string) {
  return queryOptions({
    queryKey: [...momentsQueryKey(api, videoUid), 'one', momentId] as const,
    queryFn: ({ signal }) =>
      api.get<Moment>(sitePath(api.site, 'videos', videoUid, 'moments', momentId), { signal }),
    retry: false,
  });
}
