import { queryOptions } from '@tanstack/react-query';
import type { FavoriteFlags, FavoritesCount, UserFavorite } from '@marquee/contract';
import { PageSize } from '@marquee/domain';
import { apiPath, sitePath, type ApiClient } from '../client';
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

// ---------- flags for a page of cards ----------

/** GET me/sites/{site}/favorites?uids=…: which of these (at most 100) the viewer favorited. */
export function getFavoriteFlags(api: ApiClient, uids: readonly string[]) {
  return api.get<FavoriteFlags>(apiPath('v2', 'me', 'sites', api.site, 'favorites'), {
    query: { uids: uids.join(',') },
  });
}

type PendingFlag = { uid: string; resolve: (favorite: boolean) => void; reject: (error: unknown) => void };
const pendingFlags = new WeakMap<ApiClient, PendingFlag[]>();

/**
 * One card's flag. The cards of a page ask in the same task; their asks are gathered and sent as
 * one request per 100 uids, so a page of 60 cards costs one call, not 60.
 */
export function getFavoriteFlag(api: ApiClient, uid: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const queue = pendingFlags.get(api);
    if (queue) return void queue.push({ uid, resolve, reject });
    pendingFlags.set(api, [{ uid, resolve, reject }]);
    setTimeout(() => {
      const asks = pendingFlags.get(api) ?? [];
      pendingFlags.delete(api);
      for (let i = 0; i < asks.length; i += PageSize.favoriteFlags) {
        const batch = asks.slice(i, i + PageSize.favoriteFlags);
        getFavoriteFlags(api, [...new Set(batch.map((a) => a.uid))]).then(
          ({ favorites }) => batch.forEach((a) => a.resolve(favorites.includes(a.uid))),
          (error: unknown) => batch.forEach((a) => a.reject(error)),
        );
      }
    }, 0);
  });
}

export function favoriteFlagQueryKey(api: ApiClient, uid: string, userId: string | null) {
  return [...queryKeys.all(api), 'favorite-flag', uid, userId] as const;
}

/** A card's flag, signed in only (enable it for a signed-in viewer). */
export function favoriteFlagQueryOptions(api: ApiClient, uid: string, userId: string | null) {
  return queryOptions({
    queryKey: favoriteFlagQueryKey(api, uid, userId),
    queryFn: () => getFavoriteFlag(api, uid),
    staleTime: 30_000,
  });
}
