import { useEffect, useMemo } from 'react';
import { queryKeys, saveProgress } from '@marquee/api-client';
import { createProgressRecorder, trackProgress, type Player as CorePlayer } from '@marquee/player';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useSession } from '../../../lib/session';

/**
 * Saves a signed-in viewer's position in `videoUid` while `player` plays it (playback-and-social
 * §4.8: batches of 5, retried, a keepalive flush when the page goes away). A saved batch refreshes
 * the viewer's history queries, so Continue Watching is current when they go back. Live content has
 * no position to come back to and is not tracked.
 */
export function useProgressTracking(player: CorePlayer | null, videoUid: string, trackable: boolean) {
  const { status } = useSession();
  const queryClient = useQueryClient();
  const recorder = useMemo(
    () =>
      createProgressRecorder(async (batch, { keepalive }) => {
        await saveProgress(api, batch, { keepalive });
        void queryClient.invalidateQueries({ queryKey: [...queryKeys.all(api), 'history-progress'] });
      }),
    [queryClient],
  );
  useEffect(() => {
    if (!player || !trackable || status !== 'signedIn') return;
    return trackProgress(player, recorder, videoUid);
  }, [player, recorder, videoUid, trackable, status]);
  // Declared after the tracking so that, on unmount, its last flush is sent before retries stop.
  useEffect(() => () => recorder.dispose(), [recorder]);
}
