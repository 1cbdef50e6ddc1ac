import { continueWatchingQueryOptions } from '@marquee/api-client';
import { useApi, useSession, type Session } from '@marquee/api-client/react';
import type { ProgressList } from '@marquee/contract';
import { startPosition } from '@marquee/domain';
import { useQuery } from '@tanstack/react-query';

/** What the start position is worked out from: the link, the session, the viewer's history. */
export interface ResumeInputs {
  /** The position the link names (`?t=`; a Restart link says 0), or null. */
  requested: number | null;
  status: Session['status'];
  /** The continue-watching list: undefined while it loads, 'failed' when it could not be read. */
  history: ProgressList | undefined | 'failed';
}

/**
 * Where playback of `videoUid` starts: the position the link names, else the viewer's saved position
 * when it is unfinished and more than 15 s remain, else 0. Null while that is still being read, so
 * the player does not start at 0 and jump.
 */
export function resumeStart(videoUid: string, { requested, status, history }: ResumeInputs): number | null {
  if (requested !== null) return requested;
  if (status === 'loading') return null;
  if (status === 'anonymous' || history === 'failed') return 0;
  if (!history) return null;
  const saved = history.items.find((item) => item.id === videoUid);
  return saved ? startPosition(saved.progress, saved.duration) : 0;
}

/** resumeStart for the viewer in session; the history is read only when the link names no position. */
export function useResumePosition(videoUid: string, requested: number | null = null): number | null {
  const { status } = useSession();
  // The newest 50 unfinished items (continue watching) hold any video watched recently.
  const history = useQuery({
    ...continueWatchingQueryOptions(useApi()),
    enabled: requested === null && status === 'signedIn',
    retry: false,
  });
  return resumeStart(videoUid, {
    requested,
    status,
    history: history.isError ? 'failed' : history.data,
  });
}
