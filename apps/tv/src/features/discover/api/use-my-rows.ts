import type { DiscoverRow } from '@marquee/contract';
import { useSession } from '@marquee/api-client/react';
import { useMemo } from 'react';
import { useContinueWatching, useWatchList } from '../../../lib/my-lists';
import { continueWatchingCards, watchListCards, type MyRowState } from '../utils/my-rows';

/**
 * The signed-in viewer's own rows (discovery-and-site §2.2: the per-user rows the client fills),
 * keyed by row type, through the client core's query options as on the web: Continue Watching from
 * history-progress (unfinished), Watch List from the watch list. A failed call, or a signed-out
 * viewer, leaves the row empty, which hides it.
 */
export function useMyRows(rows: readonly DiscoverRow[]): ReadonlyMap<string, MyRowState> {
  const signedIn = useSession().status === 'signedIn';
  const wantsCw = rows.some((r) => r.perUser && r.type === 'continueWatching');
  const wantsWl = rows.some((r) => r.perUser && r.type === 'watchList');
  const cw = useContinueWatching(wantsCw);
  const wl = useWatchList(wantsWl);
  return useMemo(() => {
    const map = new Map<string, MyRowState>();
    if (!signedIn) return map;
    if (wantsCw)
      map.set('continueWatching', cw.isPending ? 'pending' : cw.data ? continueWatchingCards(cw.data) : []);
    if (wantsWl) map.set('watchList', wl.isPending ? 'pending' : wl.data ? watchListCards(wl.data) : []);
    return map;
  }, [signedIn, wantsCw, wantsWl, cw.isPending, cw.data, wl.isPending, wl.data]);
}
