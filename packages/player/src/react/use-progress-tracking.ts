import { queryKeys, saveProgress } from '@marquee/api-client';
import { useApi, useSession } from '@marquee/api-client/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { Player } from '../player';
import { createProgressRecorder, trackProgress } from '../progress';

/**
 * Saves a signed-in viewer's position in `videoUid` while `player` plays it (playback-and-social
 * §4.8: batches of 5, retried, a keepalive flush when the page goes away). A saved batch refreshes
 * their history queries, so Continue Watching is current when they go back. Live content is not
 * `trackable`. Leaving the video (a switch, the screen closing) pauses it, then saves where it
 * paused (§4.1); tracking that only stops (a sign-out) leaves playback alone.
 */
export function useProgressTracking(player: Player | null, videoUid: string, trackable: boolean) {
  const enabled = useSession().status === 'signedIn' && trackable;
  const api = useApi();
  const queryClient = useQueryClient();
  // Read by the cleanup: still enabled there means the video is left, not the tracking turned off.
  const stillEnabled = useRef(enabled);
  stillEnabled.current = enabled;

  useEffect(() => {
    if (!player || !enabled) return;
    // One recorder per tracking: StrictMode's mount–unmount–mount must not leave a disposed one.
    const recorder = createProgressRecorder(async (batch, { keepalive }) => {
      await saveProgress(api, batch, { keepalive });
      void queryClient.invalidateQueries({ queryKey: [...queryKeys.all(api), 'history-progress'] });
    });
    const untrack = trackProgress(player, recorder, videoUid);
    return () => {
      untrack({ pause: stillEnabled.current }); // reports the last position and sends what is queued
      recorder.dispose();
    };
  }, [player, videoUid, enabled, api, queryClient]);
}
