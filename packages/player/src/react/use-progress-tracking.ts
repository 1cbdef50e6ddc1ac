import { useEffect, useMemo, useRef } from 'react';
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
  const recorder = useMemo(
    () => createProgressRecorder((batch, options) => sendRef.current(batch, options)),
    [],
  );

  useEffect(() => {
    if (!player || !enabled) return;
    return trackProgress(player, recorder, videoUid);
  }, [player, recorder, videoUid, enabled]);
  // Declared after the tracking so that, on unmount, its last flush is sent before retries stop.
  useEffect(() => () => recorder.dispose(), [recorder]);
}
