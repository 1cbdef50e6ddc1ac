import { useEffect } from 'react';
import { bindSmartPause, type PausablePlayer } from '../smart-pause';

/** Pauses when the page is hidden and resumes only what it paused (spec §4.4 smart pause). */
export function useSmartPause(player: PausablePlayer | null, enabled = true) {
  useEffect(() => {
    if (!player || !enabled || typeof document === 'undefined') return;
    return bindSmartPause(document, player);
  }, [player, enabled]);
}
