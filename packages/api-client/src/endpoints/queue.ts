import { infiniteQueryOptions } from '@tanstack/react-query';
import type { Queue, QueueType } from '@marquee/contract';
import { WATCH_LIST_QUEUE_ID, queuePageSize } from '@marquee/domain';
import { apiPath, sitePath, type ApiClient } from '../client';
import { queryKeys } from '../query-keys';
import { watchListQueryKey } from './watch-list';

// The watch screen's queue (playback-and-social §3 Queue, §7 queue loaders; decision 0062).

/**
 * GET one page of a queue: /v2/sites/{site}/queues/{type}/{id}, or for the watch list
 * /v2/me/sites/{site}/queues/watch-list (login required). Pages of 20 from 0.
 */
export function getQueue(api: ApiClient, type: QueueType, id: string, page: number, signal?: AbortSignal) {
  const path =
    type === 'watchList'
      ? apiPath('v2', 'me', 'sites', api.site, 'queues', 'watch-list')
      : sitePath(api.site, 'queues', type, id);
  return api.get<Queue>(path, { query: { page, pageSize: queuePageSize(type) }, signal });
}

/**
 * Page after page of a queue, following `hasMore`. The watch list's sits under the watch list's key
 * (per viewer), so a change to the list refreshes it; `viewer` keeps a recommended dynamic queue
 * per viewer too.
 */
export function queueInfiniteQueryOptions(
  api: ApiClient,
  type: QueueType,
  id: string,
  viewer: string | null,
) {
  const key =
    type === 'watchList'
      ? ([...watchListQueryKey(api, viewer), 'queue', WATCH_LIST_QUEUE_ID] as const)
      : ([...queryKeys.all(api), 'queue', type, id, viewer] as const);
  return infiniteQueryOptions({
    queryKey: key,
    queryFn: ({ pageParam, signal }) => getQueue(api, type, id, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last: Queue) => (last.hasMore ? last.page + 1 : undefined),
    staleTime: 60_000,
  });
}
