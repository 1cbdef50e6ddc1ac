import { addToWatchList, watchListQueryKey } from '@marquee/api-client';
import type { AddToWatchListBody, WatchList } from '@marquee/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useSession } from '@marquee/api-client/react';
import { emitWatchListChanged } from '../hooks/use-watch-list-changed';

/**
 * POST watch-list {contentId, video}: puts the item (new, or the one already there) into the
 * cached list, fires watchListChanged, and re-reads the list behind it.
 */
export function useAddToWatchList() {
  const queryClient = useQueryClient();
  const userId = useSession().user?.id ?? null;
  return useMutation({
    mutationFn: (body: AddToWatchListBody) => addToWatchList(api, body),
    onSuccess: (item) => {
      queryClient.setQueryData<WatchList>(watchListQueryKey(api, userId), (list) =>
        list && !list.items.some((i) => i.contentId === item.contentId)
          ? { items: [item, ...list.items], totalItems: list.totalItems + 1 }
          : list,
      );
      emitWatchListChanged({ contentId: item.contentId, inList: true });
      void queryClient.invalidateQueries({ queryKey: watchListQueryKey(api) });
    },
  });
}
