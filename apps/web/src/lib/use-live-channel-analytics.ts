import { useEffect } from 'react';
import { trackLiveChannelAnalytics, type Player as CorePlayer } from '@marquee/player';
import { analytics } from './analytics';

/** Counts a live channel's view or skip and its seconds watched while `player` plays it (§7). */
export function useLiveChannelAnalytics(player: CorePlayer | null, liveChannelId: string | undefined) {
  useEffect(() => {
    if (!player || !liveChannelId) return;
    return trackLiveChannelAnalytics(player, analytics, liveChannelId);
  }, [player, liveChannelId]);
}
