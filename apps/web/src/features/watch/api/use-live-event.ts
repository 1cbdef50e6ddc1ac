import { videoPlayUrlQueryOptions, videoQueryOptions } from '@marquee/api-client';
import { LIVE_STATE_REFRESH_MS } from '@marquee/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { playbackProblem } from '../utils/playback-problem';

/** The event itself (GET /v2/sites/{site}/videos/{uid}), always re-read: its times or ended flag may have changed. */
export function useLiveEvent(uid: string) {
  return useQuery({ ...videoQueryOptions(api, uid), staleTime: 0 });
}

/**
 * The not-live screen asking play-url whether the event is on (only once its start has passed by
 * the viewer's clock): while the answer is still "not live" (code 20, e.g. the server's clock is
 * behind), it asks again every 5 s.
 */
export function useLiveEventPlayUrl(uid: string, enabled: boolean) {
  return useQuery({
    ...videoPlayUrlQueryOptions(api, uid),
    enabled,
    refetchInterval: (q) =>
      playbackProblem({ error: q.state.error, data: q.state.data })?.kind === 'notLive'
        ? LIVE_STATE_REFRESH_MS
        : false,
  });
}
