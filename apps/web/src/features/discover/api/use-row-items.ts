import { rowItemsInfiniteQueryOptions, type RowPage } from '@marquee/api-client';
import type { DiscoverRow } from '@marquee/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/**
 * A discover row's items, page after page of 30 from its list call. The discover response already
 * holds the first page, so it seeds the query and nothing is fetched until the row asks for more.
 */
export function useRowItems(row: DiscoverRow) {
  const first: RowPage = { items: row.items, nextPage: row.next_page, total: row.total_items };
  const query = useInfiniteQuery({
    ...rowItemsInfiniteQueryOptions(api, row.href ?? `row:${row.id}`),
    initialData: { pages: [first], pageParams: [0] },
    enabled: !!row.href,
  });
  const items = query.data?.pages.flatMap((p) => p.items) ?? row.items;
  return {
    items,
    hasMore: !!row.href && query.hasNextPage,
    loading: query.isFetchingNextPage,
    loadMore: query.fetchNextPage,
  };
}
