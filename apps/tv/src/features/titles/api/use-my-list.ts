import {
  ApiError,
  addToWatchList,
  favoriteFlagQueryKey,
  removeFromWatchList,
  setFavorite,
  userFavoriteQueryKey,
  userFavoriteQueryOptions,
  watchListQueryKey,
} from '@marquee/api-client';
import { useApi, useSession } from '@marquee/api-client/react';
import type { WatchList } from '@marquee/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useWatchList, useWatchListKey } from '../../../lib/my-lists';

/** Whether the viewer's watch list holds `contentId`; undefined while unknown or signed out. */
export function useInWatchList(contentId: string): boolean | undefined {
  const signedIn = useSession().status === 'signedIn';
  const list = useWatchList();
  if (!signedIn || !list.data) return undefined;
  return list.data.items.some((item) => item.contentId === contentId);
}

/**
 * Adds (POST watch-list {contentId, video: {type}}) or removes (DELETE watch-list/{contentId}; a 404
 * means it is gone already) a movie or series; the cached list follows at once and is re-read behind.
 */
export function useSetInWatchList(contentId: string, type: 'movie' | 'series') {
  const api = useApi();
  const queryClient = useQueryClient();
  const key = useWatchListKey();
  return useMutation({
    mutationFn: async (inList: boolean) => {
      if (inList) return addToWatchList(api, { contentId, video: { type } });
      await removeFromWatchList(api, contentId).catch((error: unknown) => {
        if (!(error instanceof ApiError && error.status === 404)) throw error;
      });
      return null;
    },
    onSuccess: (item) => {
      queryClient.setQueryData<WatchList>(key, (list) => {
        if (!list) return list;
        const rest = list.items.filter((i) => i.contentId !== contentId);
        const items = item ? [item, ...rest] : rest;
        return { items, totalItems: list.totalItems + items.length - list.items.length };
      });
      void queryClient.invalidateQueries({ queryKey: watchListQueryKey(api) });
    },
  });
}

/** The viewer's favorite flag of a video (GET user-favorites): fetched only when signed in. */
export function useFavorite(uid: string): boolean | undefined {
  const { status, user } = useSession();
  const query = useQuery({
    ...userFavoriteQueryOptions(useApi(), uid, user?.id ?? null),
    enabled: status === 'signedIn',
    retry: false,
  });
  return status === 'signedIn' ? query.data?.favorite : undefined;
}

/** POST user-favorites {favorite}; the title's and the cards' cached flags take the server's answer. */
export function useSetFavorite(uid: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  const userId = useSession().user?.id ?? null;
  return useMutation({
    mutationFn: (favorite: boolean) => setFavorite(api, uid, favorite),
    onSuccess: (state) => {
      queryClient.setQueryData(userFavoriteQueryKey(api, uid, userId), state);
      queryClient.setQueryData(favoriteFlagQueryKey(api, uid, userId), state.favorite);
    },
  });
}
