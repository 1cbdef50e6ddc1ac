import { queryOptions } from '@tanstack/react-query';
import type { ProgressList, ProgressReport, SaveProgressResponse } from '@marquee/contract';
import { apiPath, type ApiClient } from '../client';
import { queryKeys } from '../query-keys';

// Watch progress of the signed-in viewer (playback-and-social §7 Progress).

const progressPath = (api: ApiClient, ...rest: string[]) =>
  apiPath('v2', 'me', 'sites', api.site, 'history-progress', ...rest);

/**
 * POST history-progress {history}. `keepalive` lets the save finish while the page unloads (the
 * spec's beacon; unlike navigator.sendBeacon it carries the bearer token); where fetch cannot keep a
 * request alive the client sends it as a synchronous request with credentials (§7's fallback).
 */
export function saveProgress(
  api: ApiClient,
  history: ProgressReport[],
  options: { keepalive?: boolean } = {},
) {
  return api.request<SaveProgressResponse>('POST', progressPath(api), {
    body: { history },
    keepalive: options.keepalive,
  });
}

/** DELETE history-progress/{id} → 204; 404 when the video is not in the history. */
export function deleteProgress(api: ApiClient, videoUid: string) {
  return api.request<void>('DELETE', progressPath(api, videoUid));
}

export function progressQueryKey(api: ApiClient, unfinished: boolean, page: number) {
  return [...queryKeys.all(api), 'history-progress', { unfinished, page }] as const;
}

/** GET history-progress: newest first; `unfinished` gives the continue-watching list (pages of 50). */
export function getProgress(api: ApiClient, unfinished: boolean, page = 0, signal?: AbortSignal) {
  return api.get<ProgressList>(progressPath(api), { query: { unfinished, page }, signal });
}

export function continueWatchingQueryOptions(api: ApiClient, page = 0) {
  return queryOptions({
    queryKey: progressQueryKey(api, true, page),
    queryFn: ({ signal }) => getProgress(api, true, page, signal),
  });
}
