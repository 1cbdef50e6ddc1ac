import { rowItemsInfiniteQueryOptions } from '@marquee/api-client';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** A channel's (or dynamic channel's) items, page after page, from its list call. */
export function useChannelItems(href: string | null) {
  const query = useInfiniteQuery({ ...rowItemsInfiniteQueryOptions(api, href ?? ''), enabled: !!href });
  return {
    query,
    items: query.data?.pages.flatMap((p) => p.items) ?? [],
    total: query.data?.pages[0]?.total ?? 0,
  };
}
