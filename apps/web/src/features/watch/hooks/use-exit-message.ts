import { useEffect, useState } from 'react';
import { trackMilestones, type Player as CorePlayer } from '@marquee/player';

/** Whether the exit message shows now: 15 s before a VOD item's end, 0.9 of it under 45 s (§4.8). */
export function useExitMessage(player: CorePlayer | null, vod: boolean): boolean {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!player || !vod) return;
    return trackMilestones(player, { onExitMessage: setVisible });
  }, [player, vod]);
  return visible && vod && !!player;
}
