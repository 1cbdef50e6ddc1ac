import { useEffect } from 'react';
import { trackHeartbeat } from '../heartbeat';
import type { Player as CorePlayer } from '../player';

export interface HeartbeatSettings {
  /** The site's heartbeat URL; null when the site sends none (no `heartbeat` flag or no URL). */
  url: string | null;
  intervalSeconds: number;
  siteUid: string;
  video: { uid: string; title: string; type: string; contentDetails: { duration: number } } | undefined;
  channel: { id: string; name: string };
  userId: string | null;
}

/**
 * The site's heartbeat while `player` plays (playback-and-social §3, §7): the player info, a video
 * summary, the channel, the user id and the user agent are posted to `url` every `intervalSeconds`,
 * without credentials. Web and TV work out the settings; this runs them.
 */
export function useHeartbeat(player: CorePlayer | null, settings: HeartbeatSettings) {
  const { url, intervalSeconds, siteUid, video, channel, userId } = settings;
  useEffect(() => {
    if (!player || !url || !video || intervalSeconds <= 0) return;
    return trackHeartbeat(player, {
      url,
      intervalMs: intervalSeconds * 1000,
      siteUid,
      video: {
        uid: video.uid,
        title: video.title,
        type: video.type,
        duration: video.contentDetails.duration,
      },
      channel: { _id: channel.id, name: channel.name, channelId: channel.id },
      userId,
    });
  }, [player, url, intervalSeconds, siteUid, video, channel.id, channel.name, userId]);
}
