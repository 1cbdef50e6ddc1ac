import { useEffect, useState } from 'react';
import type { Player as CorePlayer } from '@marquee/player';

/**
 * §4.1 "preview available → play the preview": the stream plays until `previewSeconds`, then the
 * player pauses for good and the purchase notice shows (true once reached). No preview: never ends.
 */
export function usePreviewLimit(
  player: CorePlayer | null,
  previewSeconds: number | null | undefined,
): boolean {
  const [ended, setEnded] = useState(false);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- a new preview length starts unended
  useEffect(() => setEnded(false), [previewSeconds]);
  useEffect(() => {
    if (!player || !previewSeconds || previewSeconds <= 0) return;
    const check = (t: number) => {
      if (t < previewSeconds) return;
      player.pause();
      setEnded(true);
    };
    const offTime = player.on('timeupdate', ({ currentTime }) => check(currentTime));
    // A resumed play past the preview is stopped too.
    const offPlay = player.on('playing', ({ currentTime }) => check(currentTime));
    return () => {
      offTime();
      offPlay();
    };
  }, [player, previewSeconds]);
  return ended;
}
