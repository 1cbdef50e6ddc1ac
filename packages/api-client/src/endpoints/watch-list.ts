import { queryOptions } from '@tanstack/react-query';
import type { AddToWatchListBody, WatchList, WatchListItem } from '@marquee/contract';
import { PageSize } from '@marquee/domain';
import { apiPath, type ApiClient } from '../client';
import { queryKeys } from '../query-keys';

// The signed-in viewer's watch list (playback-and-social §7 Watch list; decision 0019).

const watchListPath = (api: ApiClient, ...rest: string[]) =>
  apiPath('v2', 'me', 'sites', api.site, 'watch-list', ...rest);

/**
 * Every watch-list query of a client starts with this key; invalidate it after a change. `userId`
 * keeps one viewer's list from showing to the next one signed in on the same page.
 */
export function watchListQueryKey(api: ApiClient, userId?: string | null) {
  const base = [...queryKeys.all(api), 'watch-list'] as const;
  return userId === undefined ? base : ([...base, userId] as const);
}

/** GET watch-list?pageSize=1000: the whole list, newest first ("Watch list page 1000"). */
export function getWatchList(api: ApiClient, signal?: AbortSignal) {
  return api.get<WatchList>(watchListPath(api), { query: { pageSize: PageSize.watchList }, signal });
}

export function watchListQueryOptions(api: ApiClient, userId: string | null) {
  return queryOptions({
    queryKey: watchListQueryKey(api, userId),
    queryFn: ({ signal }) => getWatchList(api, signal),
    staleTime: 30_000,
  });
}

/**
 * POST watch-list {contentId, video}: a video or series uid; `video.type` says which ('series'
 * or the video's type). 201 with the new item, or 200 with the one already there.
 */
export function addToWatchList(api: ApiClient, body: AddToWatchListBody) {
  return api.request<WatchListItem>('POST', watchListPath(api), { body });
}

/** DELETE watch-list/{id} by the item's id or its contentId → 204; 404 when it is not there. */
export function removeFromWatchList(api: ApiClient, idOrContentId: string) {
  return api.request<void>('DELETE', watchListPath(api, idOrContentId));
}
