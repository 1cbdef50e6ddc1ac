import { ApiError, queryKeys } from '@marquee/api-client';
import type { DiscoverRow, Video } from '@marquee/contract';
import { useQueries } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { CardVideo } from '../components/content-card';

/** Watch list page 1000; continue watching 50, unfinished only (discovery-and-site §4, §7, §9). */
const ROW_QUERY: Record<string, Record<string, string | number>> = {
  watchList: { pageSize: 1000 },
  continueWatching: { page: 0, pageSize: 50, unfinished: 'true' },
};

/** Watch-list items wrap their video; progress items add the position and the finished flag. */
type PerUserItem = Video | { video?: Video | null; progress?: number; finished?: boolean };
type PerUserResponse = { items?: PerUserItem[] };

/** The cards of a per-user list: finished items dropped ("Continue watching removes finished items"). */
export function perUserCards(items: readonly PerUserItem[]): CardVideo[] {
  const cards: CardVideo[] = [];
  for (const item of items) {
    if ('uid' in item) cards.push(item);
    else if (item.video && !item.finished) cards.push({ ...item.video, progress: item.progress ?? null });
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
  const perUser = signedIn ? rows.filter((r) => r.perUser && r.href) : [];
  const results = useQueries({
    queries: perUser.map((row) => ({
      queryKey: [...queryKeys.all(api), 'per-user-row', row.href] as const,
      retry: (count: number, error: unknown) =>
        !(error instanceof ApiError && error.isClientError) && count < 1,
      staleTime: 30_000,
      queryFn: async ({ signal }: { signal: AbortSignal }) => {
        const res = await api.get<PerUserResponse>(row.href!, { query: ROW_QUERY[row.type] ?? {}, signal });
        return perUserCards(res.items ?? []);
      },
    })),
  });
  const states = new Map<string, PerUserState>();
  perUser.forEach((row, i) => {
    const r = results[i];
    if (!r || r.isPending) states.set(row.id, { state: 'pending' });
    else if (r.isError || (row.type === 'continueWatching' && r.data.length === 0)) {
      states.set(row.id, { state: 'hidden' });
    } else states.set(row.id, { state: 'shown', items: r.data });
  });
  return states;
}
