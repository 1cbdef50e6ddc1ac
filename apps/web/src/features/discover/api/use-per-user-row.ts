import { ApiError, getWatchList, queryKeys, watchListQueryKey } from '@marquee/api-client';
import type { DiscoverRow, Video } from '@marquee/contract';
import { useQueries } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useSession } from '@marquee/api-client/react';
import type { CardVideo } from '../components/content-card';

/** Continue watching 50, unfinished only (discovery-and-site §4, §7, §9); the watch list is one page of 1000. */
const ROW_QUERY: Record<string, Record<string, string | number>> = {
  continueWatching: { page: 0, pageSize: 50, unfinished: 'true' },
};

/**
 * Watch-list items wrap their video (a series: its next unfinished episode) and say what the list
 * holds; progress items add the position and the finished flag.
 */
type PerUserItem =
  | Video
  | {
      video?: Video | null;
      progress?: number | null;
      finished?: boolean;
      contentId?: string;
      contentType?: 'video' | 'series';
    };
type PerUserResponse = { items?: PerUserItem[] };

/** The cards of a per-user list: finished items dropped ("Continue watching removes finished items"). */
export function perUserCards(items: readonly PerUserItem[]): CardVideo[] {
  const cards: CardVideo[] = [];
  for (const item of items) {
    if ('uid' in item) cards.push(item);
    else if (item.video && !item.finished) {
      const listContent =
        item.contentId && item.contentType ? { id: item.contentId, type: item.contentType } : undefined;
      cards.push({ ...item.video, progress: item.progress ?? null, ...(listContent ? { listContent } : {}) });
    }
  }
  return cards;
}

/** Where a per-user row stands: still loading, hidden (no such call, failed, nothing to continue), or its cards. */
export type PerUserState =
  { state: 'pending' } | { state: 'hidden' } | { state: 'shown'; items: CardVideo[] };

/**
 * The signed-in viewer's own rows (watch list, continue watching), each from its `href`. A call the
 * server does not offer (4xx) hides its row, and so does any other failure: these rows are extras.
 * An empty continue-watching row hides too; an empty watch list stays to say how it fills.
 */
export function usePerUserRows(rows: readonly DiscoverRow[], signedIn: boolean): Map<string, PerUserState> {
  const userId = useSession().user?.id ?? null;
  const perUser = signedIn ? rows.filter((r) => r.perUser && r.href) : [];
  const retry = (count: number, error: unknown) =>
    !(error instanceof ApiError && error.isClientError) && count < 1;
  const results = useQueries({
    queries: perUser.map((row) =>
      row.type === 'watchList'
        ? {
            // The watch list's one cache entry: the watch-list buttons update it, and this row follows.
            queryKey: watchListQueryKey(api, userId),
            retry,
            staleTime: 30_000,
            queryFn: ({ signal }: { signal: AbortSignal }) => getWatchList(api, signal),
            select: (res: PerUserResponse) => perUserCards(res.items ?? []),
          }
        : {
            queryKey: [...queryKeys.all(api), 'per-user-row', row.href] as const,
            retry,
            staleTime: 30_000,
            queryFn: ({ signal }: { signal: AbortSignal }) =>
              api.get<PerUserResponse>(row.href!, { query: ROW_QUERY[row.type] ?? {}, signal }),
            select: (res: PerUserResponse) => perUserCards(res.items ?? []),
          },
    ),
  });
  const states = new Map<string, PerUserState>();
  perUser.forEach((row, i) => states.set(row.id, perUserRowState(row.type, results[i])));
  return states;
}

/**
 * A per-user row's state from its fetch. playback-and-social §8 "Some list fetches swallow errors
 * and return empty": a failed fetch hides the row without an error, as an empty continue-watching
 * list does; an empty watch list stays shown.
 */
export function perUserRowState(
  type: string,
  r: { isPending: boolean; isError: boolean; data?: CardVideo[] } | undefined,
): PerUserState {
  if (!r || r.isPending) return { state: 'pending' };
  if (r.isError || !r.data || (type === 'continueWatching' && r.data.length === 0))
    return { state: 'hidden' };
  return { state: 'shown', items: r.data };
}
