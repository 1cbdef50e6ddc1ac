import {
  ApiError,
  continueWatchingQueryOptions,
  queryKeys,
  watchListQueryKey,
  watchListQueryOptions,
} from '@marquee/api-client';
import { useApi, useSession } from '@marquee/api-client/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { progressByVideo } from './progress';

const noClientErrorRetry = (count: number, error: unknown) =>
  !(error instanceof ApiError && error.isClientError) && count < 1;

/**
 * The signed-in viewer's continue-watching list (GET history-progress?unfinished=true): the cache
 * entry the player's resume position reads too. Off for an anonymous viewer.
 */
export function useContinueWatching(enabled = true) {
  const signedIn = useSession().status === 'signedIn';
  return useQuery({
    ...continueWatchingQueryOptions(useApi()),
    enabled: enabled && signedIn,
    retry: noClientErrorRetry,
  });
}

/** The signed-in viewer's watch list (GET watch-list?pageSize=1000), one cache entry for every screen. */
export function useWatchList(enabled = true) {
  const { status, user } = useSession();
  return useQuery({
    ...watchListQueryOptions(useApi(), user?.id ?? null),
    enabled: enabled && status === 'signedIn',
    retry: noClientErrorRetry,
  });
}

/** The key every watch-list query of this client and viewer shares (invalidate it after a change). */
export function useWatchListKey() {
  return watchListQueryKey(useApi(), useSession().user?.id ?? null);
}

/** The percent watched of each video the viewer has a position in; empty when signed out. */
export function useProgressByVideo(): ReadonlyMap<string, number> {
  const signedIn = useSession().status === 'signedIn';
  const { data } = useContinueWatching();
  return useMemo(() => (signedIn ? progressByVideo(data) : new Map<string, number>()), [signedIn, data]);
}

/**
 * Signed out, the viewer's progress is forgotten: its cache entry is not keyed by viewer (the
 * player's resume position shares it), so the next viewer to sign in on this TV starts from their own.
 */
export function useForgetProgressOnSignOut() {
  const api = useApi();
  const queryClient = useQueryClient();
  const signedIn = useSession().status === 'signedIn';
  useEffect(() => {
    if (!signedIn) queryClient.removeQueries({ queryKey: [...queryKeys.all(api), 'history-progress'] });
  }, [signedIn, api, queryClient]);
}
