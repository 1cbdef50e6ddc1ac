import {
  gifsQueryKey,
  moderateItem,
  momentsQueryKey,
  reportedItemsQueryKey,
  reportedItemsQueryOptions,
  reportItem,
  type ModerationAction,
} from '@marquee/api-client';
import type { CreateReportBody, ReportedItem } from '@marquee/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Reports a moment or a gif. */
export const useReport = () => useMutation({ mutationFn: (body: CreateReportBody) => reportItem(api, body) });

/** A page of reported items (staff only: `enabled` false for others). */
export const useReportedItems = (page: number, enabled: boolean) =>
  useQuery({ ...reportedItemsQueryOptions(api, page), enabled, placeholderData: keepPreviousData });

/** Hides, shows or dismisses an item; the list and the item's video's lists are asked again. */
export function useModerate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ item, action }: { item: ReportedItem; action: ModerationAction }) =>
      moderateItem(api, item.kind, item.itemId, action),
    onSuccess: async (_, { item }) => {
      await client.invalidateQueries({ queryKey: reportedItemsQueryKey(api) });
      if (item.videoUid) {
        const key = item.kind === 'moment' ? momentsQueryKey : gifsQueryKey;
        await client.invalidateQueries({ queryKey: key(api, item.videoUid) });
      }
    },
  });
}
