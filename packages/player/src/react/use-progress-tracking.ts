import { useEffect, useRef } from 'react';
import type { Player } from '../player';
import { createProgressRecorder, trackProgress, type SendProgress } from '../progress';

/**
 * Saves the viewer's position in `videoUid` while `player` plays it (playback-and-social §4.8:
 * batches of 5, retried, a keepalive flush when the page goes away), while `enabled` (a signed-in
 * viewer, content with a position to come back to). `send` posts a batch; the app supplies it.
 */
export function useProgressTracking(
  player: Player | null,
  videoUid: string,
  { enabled, send }: { enabled: boolean; send: SendProgress },
) {
  const sendRef = useRef(send);
  sendRef.current = send;

  useEffect(() => {
    if (!player || !enabled) return;
    // One recorder per tracking: StrictMode's mount–unmount–mount must not leave a disposed one.
    const recorder = createProgressRecorder((batch, options) => sendRef.current(batch, options));
    const untrack = trackProgress(player, recorder, videoUid);
    return () => {
      untrack(); // reports the last position and sends what is queued
      recorder.dispose();
    };
  }, [player, videoUid, enabled]);
}
