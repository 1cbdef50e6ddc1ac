import { continueWatchingQueryOptions } from '@marquee/api-client';
import { startPosition } from '@marquee/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useSession } from '../../../lib/session';

/**
 * Where the watch screen starts: `?t=` when the link names it (a Restart link says 0), else the
 * viewer's saved position of this video when it is unfinished and more than 15 s remain, else 0. Null while that is still
 * being read, so the player does not start at 0 and jump.
 */
export function useResumePosition(videoUid: string, requested: number | null): number | null {
  const { status } = useSession();
  const lookUp = requested === null && status === 'signedIn';
  // The newest 50 unfinished items (continue watching) hold any video watched recently.
  const history = useQuery({ ...continueWatchingQueryOptions(api), enabled: lookUp, retry: false });
  if (requested !== null) return requested;
  if (status === 'loading') return null;
  if (!lookUp || history.isError) return 0;
  if (!history.data) return null;
  const saved = history.data.items.find((item) => item.id === videoUid);
  return saved ? startPosition(saved.progress, saved.duration) : 0;
}
