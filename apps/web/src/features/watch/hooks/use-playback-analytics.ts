import { useEffect } from 'react';
import { trackPlaybackAnalytics, type Player as CorePlayer } from '@marquee/player';
import { analytics } from '../../../lib/analytics';
import { useSession } from '../../../lib/session';

/**
 * Sends the analytics of a VOD item while `player` plays it (playback-and-social §4.8, §7): `video`
 * eightyPercent and end, and the `watch` event (or a `video` skip under 5 s) when playback stops,
 * the viewer leaves the watch screen or the page goes away. "On login or logout, watch time is
 * flushed": a change of account ends one tracking and starts the next. Live content is not tracked.
 */
export function usePlaybackAnalytics(
  player: CorePlayer | null,
  channelId: string,
  videoUid: string,
  trackable: boolean,
) {
  const userId = useSession().user?.id ?? null;
  useEffect(() => {
    if (!player || !trackable) return;
    return trackPlaybackAnalytics(player, analytics, { channelId, videoUid });
  }, [player, channelId, videoUid, trackable, userId]);
}
