import { queryOptions } from '@tanstack/react-query';
import type { CreateGifBody, Gif, GifCount, GifList } from '@marquee/contract';
import { apiPath, sitePath, type ApiClient } from '../client';
import { queryKeys } from '../query-keys';

// Gifs (discovery-and-site §7 Gifs; decision 0047).

/** While a gif renders, the create page asks again this often. */
export const GIF_POLL_MS = 1000;

export const gifsQueryKey = (api: ApiClient, videoUid: string) =>
  [...queryKeys.all(api), 'gifs', videoUid] as const;
export const gifQueryKey = (api: ApiClient, gifId: string) => [...queryKeys.all(api), 'gif', gifId] as const;

/** POST /api/gifs/video/{id} (login): 202 with the gif, processing. */
export function createGif(api: ApiClient, videoUid: string, body: CreateGifBody) {
  return api.request<Gif>('POST', apiPath('api', 'gifs', 'video', videoUid), { body });
}

/** GET /api/gifs/video/{id}: the video's rendered gifs, newest first. */
export function gifsQueryOptions(api: ApiClient, videoUid: string) {
  return queryOptions({
    queryKey: gifsQueryKey(api, videoUid),
    queryFn: ({ signal }) => api.get<GifList>(apiPath('api', 'gifs', 'video', videoUid), { signal }),
    staleTime: 30_000,
  });
}

/** GET /api/gifs/video/{id}/count. */
export function getGifCount(api: ApiClient, videoUid: string, signal?: AbortSignal) {
  return api.get<GifCount>(apiPath('api', 'gifs', 'video', videoUid, 'count'), { signal });
}

/**
 * GET /v2/sites/{site}/gifs/{gifId}: one gif in any state. Asked again every second while it is
 * processing (the create page waits on it), never once it is done.
 */
export function gifQueryOptions(api: ApiClient, gifId: string) {
  return queryOptions({
    queryKey: gifQueryKey(api, gifId),
    queryFn: ({ signal }) => api.get<Gif>(sitePath(api.site, 'gifs', gifId), { signal }),
    refetchInterval: (query) => (query.state.data && !query.state.data.isProcessed ? GIF_POLL_MS : false),
  });
}
