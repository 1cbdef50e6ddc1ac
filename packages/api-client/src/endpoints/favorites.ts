import { queryOptions } from '@tanstack/react-query';
import type { FavoritesCount, UserFavorite } from '@marquee/contract';
import { sitePath, type ApiClient } from '../client';
import { queryKeys } from '../query-keys';

// Favorites (playback-and-social §4.11, §7 Videos: user-favorites and favorites-count; decision 0019).

export function userFavoriteQueryKey(api: ApiClient, uid: string, userId?: string | null) {
  const base = [...queryKeys.all(api), 'user-favorite', uid] as const;
  return userId === undefined ? base : ([...base, userId] as const);
}

/** GET videos/{uid}/user-favorites (login required): the viewer's flag and the video's count. */
export function getUserFavorite(api: ApiClient, uid: string, signal?: AbortSignal) {
  return api.get<UserFavorite>(sitePath(api.site, 'videos', uid, 'user-favorites'), { signal });
}

/** "Favorites are fetched only when signed in": enable it for a signed-in viewer only. */
export function userFavoriteQueryOptions(api: ApiClient, uid: string, userId: string | null) {
  return queryOptions({
    queryKey: userFavoriteQueryKey(api, uid, userId),
    queryFn: ({ signal }) => getUserFavorite(api, uid, signal),
    staleTime: 30_000,
  });
}

/** POST videos/{uid}/user-favorites {favorite}: sets the flag (the toggle sends the opposite of what it shows). */
export function setFavorite(api: ApiClient, uid: string, favorite: boolean) {
  return api.request<UserFavorite>('POST', sitePath(api.site, 'videos', uid, 'user-favorites'), {
    body: { favorite },
  });
}

export function favoritesCountQueryKey(api: ApiClient, uid: string) {
  return [...queryKeys.all(api), 'favorites-count', uid] as const;
}

/** GET videos/{uid}/favorites-count (no login): what an anonymous viewer sees. */
export function getFavoritesCount(api: ApiClient, uid: string, signal?: AbortSignal) {
  return api.get<FavoritesCount>(sitePath(api.site, 'videos', uid, 'favorites-count'), { signal });
}

export function favoritesCountQueryOptions(api: ApiClient, uid: string) {
  return queryOptions({
    queryKey: favoritesCountQueryKey(api, uid),
    queryFn: ({ signal }) => getFavoritesCount(api, uid, signal),
    staleTime: 30_000,
  });
}
