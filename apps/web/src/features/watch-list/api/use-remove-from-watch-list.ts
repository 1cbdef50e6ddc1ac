import { ApiError, removeFromWatchList, watchListQueryKey } from '@marquee/api-client';
import type { WatchList } from '@marquee/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useSession } from '@marquee/api-client/react';
import { emitWatchListChanged } from '../hooks/use-watch-list-changed';

/**
 * DELETE watch-list/{contentId}: takes the item out of the cached list, fires watchListChanged and
 * re-reads the list. A 404 (removed meanwhile, in another tab) is what the viewer wanted.
 */
export function useRemoveFromWatchList() {
  const queryClient = useQueryClient();
  const userId = useSession().user?.id ?? null;
  return useMutation({
    mutationFn: (contentId: string) =>
      removeFromWatchList(api, contentId).catch((error: unknown) => {
        if (!(error instanceof ApiError && error.status === 404)) throw error;
      }),
    onSuccess: (_, contentId) => {
      queryClient.setQueryData<WatchList>(watchListQueryKey(api, userId), (list) => {
        if (!list) return list;
        const items = list.items.filter((i) => i.contentId !== contentId);
        return { items, totalItems: list.totalItems - (list.items.length - items.length) };
      });
      emitWatchListChanged({ contentId, inList: false });
      void queryClient.invalidateQueries({ queryKey: watchListQueryKey(api) });
    },
  });
}
