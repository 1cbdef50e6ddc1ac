import { continueWatchingQueryOptions } from '@marquee/api-client';
import { startPosition } from '@marquee/domain';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../../lib/api';
import { useSession } from '../../../lib/session';

/**
 * Where the TV starts a video: the signed-in viewer's saved position when it is unfinished and more
 * than 15 s remain, else 0. Null while that is still being read.
 */
export function useResumePosition(videoUid: string): number | null {
  const session = useSession();
  // The newest 50 unfinished items (continue watching) hold any video watched recently.
  const history = useQuery({ ...continueWatchingQueryOptions(useApi()), enabled: !!session, retry: false });
  if (!session || history.isError) return 0;
  if (!history.data) return null;
  const saved = history.data.items.find((item) => item.id === videoUid);
  return saved ? startPosition(saved.progress, saved.duration) : 0;
}
