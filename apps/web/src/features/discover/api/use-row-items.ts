import { rowItemsInfiniteQueryOptions, type RowPage } from '@marquee/api-client';
import type { DiscoverRow } from '@marquee/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useSession } from '@marquee/api-client/react';

/** Recommended rows are ranked for the signed-in viewer from their own history (decision 0018). */
const isPersonal = (row: DiscoverRow) => row.source?.kind === 'dynamic' && row.source.id === 'recommended';

/**
 * A discover row's items, page after page of 30 from its list call. The discover response holds
 * the first page for everyone, so it seeds the query and nothing is fetched until the row asks for
 * more; a signed-in viewer's recommended row fetches its own first page, showing the shared one
 * meanwhile.
 */
export function useRowItems(row: DiscoverRow) {
  const viewer = useSession().user?.id ?? null;
  const personal = viewer !== null && isPersonal(row);
  const first = {
    pages: [{ items: row.items, nextPage: row.next_page, total: row.total_items } as RowPage],
    pageParams: [0],
  };
  const query = useInfiniteQuery({
    ...rowItemsInfiniteQueryOptions(api, row.href ?? `row:${row.id}`, personal ? viewer : null),
    initialData: personal ? undefined : first,
    placeholderData: personal ? first : undefined,
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
