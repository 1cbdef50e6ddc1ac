import { ApiError, getProgress, progressQueryKey } from '@marquee/api-client';
import type { SavedPosition } from '@marquee/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/**
 * The signed-in viewer's latest positions by video uid (GET history-progress, newest 50). A missing
 * or failed list just means no bars and no Resume.
 */
export function useProgress(signedIn: boolean): Map<string, SavedPosition> {
  const query = useQuery({
    queryKey: progressQueryKey(api, false, 0),
    enabled: signedIn,
    retry: (count, error) => !(error instanceof ApiError && error.isClientError) && count < 1,
    staleTime: 30_000,
    queryFn: ({ signal }) => getProgress(api, false, 0, signal),
  });
  return new Map((query.data?.items ?? []).map((item) => [item.id, item] as const));
}

/** Seconds to draw as watched: a finished item counts as all of it (a full bar). */
export const watchedSeconds = (saved: SavedPosition | undefined): number | null =>
  saved ? (saved.finished ? Math.max(saved.progress, saved.duration) : saved.progress) : null;
