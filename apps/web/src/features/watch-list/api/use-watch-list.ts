import { ApiError, watchListQueryOptions } from '@marquee/api-client';
import type { WatchList } from '@marquee/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useSession } from '@marquee/api-client/react';

const noClientErrorRetry = (count: number, error: unknown) =>
  !(error instanceof ApiError && error.isClientError) && count < 1;

/**
 * Whether the signed-in viewer's watch list holds `contentId` (GET watch-list?pageSize=1000, one
 * cache entry shared by every button, the discover row and /channels/watch-list); undefined while
 * unknown or for an anonymous viewer.
 */
export function useInWatchList(contentId: string): boolean | undefined {
  const { status, user } = useSession();
  const query = useQuery({
    ...watchListQueryOptions(api, user?.id ?? null),
    enabled: status === 'signedIn',
    retry: noClientErrorRetry,
    select: (list: WatchList) => list.items.some((item) => item.contentId === contentId),
  });
  return status === 'signedIn' ? query.data : undefined;
}
