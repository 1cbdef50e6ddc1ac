import { ApiError, queryKeys } from '@marquee/api-client';
import type { ProgressList } from '@marquee/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The signed-in viewer's latest positions (GET /v2/me/sites/{site}/history-progress, newest 50). */
export function useProgress(signedIn: boolean) {
  const query = useQuery({
    queryKey: [...queryKeys.all(api), 'history-progress'] as const,
    enabled: signedIn,
    retry: (count, error) => !(error instanceof ApiError && error.isClientError) && count < 1,
    staleTime: 30_000,
    queryFn: ({ signal }) =>
      api.get<ProgressList>(`/v2/me/sites/${encodeURIComponent(api.site)}/history-progress`, {
        query: { page: 0, pageSize: 50 },
        signal,
      }),
  });
  // Seconds watched by video uid (a finished one counts as all of it: a full bar); a missing or
  // failed list just means no bars.
  const byVideo = new Map<string, number>();
  for (const item of query.data?.items ?? []) {
    byVideo.set(item.id, item.finished ? Math.max(item.progress, item.duration) : item.progress);
  }
  return byVideo;
}
