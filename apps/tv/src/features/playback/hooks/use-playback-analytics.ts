import { useEffect } from 'react';
import {
  trackLiveChannelAnalytics,
  trackPlaybackAnalytics,
  type Player as CorePlayer,
} from '@marquee/player';
import { useAnalytics } from '../../../lib/analytics';
import { useSession } from '../../../lib/session';

/**
 * A VOD item's analytics on TV, as on the web (playback-and-social §4.8, §7): eightyPercent, end, and
 * the watch event or a skip on stop. Signing in or out ends one tracking and starts the next.
 */
export function usePlaybackAnalytics(
  player: CorePlayer | null,
  channelId: string,
  videoUid: string,
  trackable: boolean,
) {
  const analytics = useAnalytics();
  const signedIn = useSession() !== null;
  useEffect(() => {
    if (!player || !trackable) return;
    return trackPlaybackAnalytics(player, analytics, { channelId, videoUid });
  }, [player, analytics, channelId, videoUid, trackable, signedIn]);
}

/** A live channel's view or skip and its seconds watched while `player` plays it. */
export function useLiveChannelAnalytics(player: CorePlayer | null, liveChannelId: string | undefined) {
  const analytics = useAnalytics();
  useEffect(() => {
    if (!player || !liveChannelId) return;
    return trackLiveChannelAnalytics(player, analytics, liveChannelId);
  }, [player, analytics, liveChannelId]);
}
