import { infiniteQueryOptions } from '@tanstack/react-query';
import type { Paginated, Series, Video } from '@marquee/contract';
import type { ApiClient } from '../client';
import { queryKeys } from '../query-keys';
import { seriesAsCard } from '@marquee/domain';

/** Discover rows are fetched in pages of 30 (discovery-and-site §2.2). */
export const ROW_PAGE_SIZE = 30;

/** One page of a row, whatever list call is behind it, as cards. */
export interface RowPage {
  items: Video[];
  nextPage: number | null;
  total: number;
}

type ListResponse = Paginated<Video | Series> | { items: Video[]; total: number };

const isVideo = (item: Video | Series): item is Video => 'type' in item;

/**
 * GET one page of a row's list call (`href` from the discover row: a channel's videos, movies, series
 * or live events, a dynamic channel, or a playlist) with page and pageSize 30.
 */
export async function getRowPage(
  api: ApiClient,
  href: string,
  page: number,
  signal?: AbortSignal,
): Promise<RowPage> {
  const res = await api.get<ListResponse>(href, { query: { page, pageSize: ROW_PAGE_SIZE }, signal });
  const items = (res.items as Array<Video | Series>).map((i) =>
    isVideo(i) ? i : (seriesAsCard(i) satisfies Video),
  );
  if ('next_page' in res) return { items, nextPage: res.next_page, total: res.total_items };
  // Playlists answer { items, total }: more pages while the pages so far hold fewer than the total.
  const seen = (page + 1) * ROW_PAGE_SIZE;
  return { items, nextPage: seen < res.total ? page + 1 : null, total: res.total };
}

/** Page after page of a row (pages of 30), following the next page. */
export function rowItemsInfiniteQueryOptions(api: ApiClient, href: string, viewer: string | null = null) {
  return infiniteQueryOptions({
    // A per-viewer list (recommended) is cached per viewer, so signing out never shows it to the next.
    queryKey: [...queryKeys.all(api), 'row-items', href, viewer] as const,
    queryFn: ({ pageParam, signal }) => getRowPage(api, href, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last: RowPage) => last.nextPage ?? undefined,
    staleTime: 60_000,
  });
}
