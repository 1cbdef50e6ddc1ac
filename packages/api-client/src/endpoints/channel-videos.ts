import { infiniteQueryOptions } from '@tanstack/react-query';
import type { Paginated, Video } from '@marquee/contract';
import { sitePath, type ApiClient } from '../client';
import { queryKeys } from '../query-keys';
import { PAGE_SIZE, type PageQuery } from '../types';

/** GET /v2/sites/{site}/channels/{id}/videos?page&pageSize (zero-based pages, default 30). */
export function getChannelVideos(
  api: ApiClient,
  channelId: string,
  { page = 0, pageSize = PAGE_SIZE.videos }: PageQuery = {},
  signal?: AbortSignal,
) {
  return api.get<Paginated<Video>>(sitePath(api.site, 'channels', channelId, 'videos'), {
    query: { page, pageSize },
    signal,
  });
}

/** Page after page of a channel's videos, following `next_page`. */
export function channelVideosInfiniteQueryOptions(
  api: ApiClient,
  channelId: string,
  pageSize: number = PAGE_SIZE.videos,
) {
  return infiniteQueryOptions({
    queryKey: queryKeys.channelVideos(api, channelId, pageSize),
    queryFn: ({ pageParam, signal }) =>
      getChannelVideos(api, channelId, { page: pageParam, pageSize }, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => last.next_page ?? undefined,
    staleTime: 60_000,
  });
}
