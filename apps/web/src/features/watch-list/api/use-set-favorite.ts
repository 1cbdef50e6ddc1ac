import {
  favoriteFlagQueryKey,
  favoritesCountQueryKey,
  setFavorite,
  userFavoriteQueryKey,
} from '@marquee/api-client';
import type { UserFavorite } from '@marquee/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/**
 * POST videos/{uid}/user-favorites {favorite}. "The favorite toggle flips the flag and changes the
 * count by one": shown at once, then replaced by the server's answer (or put back on failure).
 * The card's flag and the title page's toggle share the change, so both show the same heart.
 */
export function useSetFavorite(uid: string, userId: string | null) {
  const queryClient = useQueryClient();
  const key = userFavoriteQueryKey(api, uid, userId);
  const flagKey = favoriteFlagQueryKey(api, uid, userId);
  return useMutation({
    mutationFn: (favorite: boolean) => setFavorite(api, uid, favorite),
    onMutate: async (favorite) => {
      await queryClient.cancelQueries({ queryKey: key });
      await queryClient.cancelQueries({ queryKey: flagKey });
      const before = queryClient.getQueryData<UserFavorite>(key);
      const flagBefore = queryClient.getQueryData<boolean>(flagKey);
      queryClient.setQueryData<boolean>(flagKey, favorite);
      if (before && before.favorite !== favorite)
        queryClient.setQueryData<UserFavorite>(key, {
          ...before,
          favorite,
          favorites: Math.max(0, before.favorites + (favorite ? 1 : -1)),
        });
      return { before, flagBefore };
    },
    onError: (_error, _favorite, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
      if (context?.flagBefore !== undefined) queryClient.setQueryData(flagKey, context.flagBefore);
    },
    onSuccess: (state) => {
      queryClient.setQueryData(key, state);
      queryClient.setQueryData(flagKey, state.favorite);
      queryClient.setQueryData(favoritesCountQueryKey(api, uid), { uid, favorites: state.favorites });
    },
  });
}
