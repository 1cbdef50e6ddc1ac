import { useEffect } from 'react';
import { channelQueryOptions, siteConfigQueryOptions } from '@marquee/api-client';
import type { Video } from '@marquee/contract';
import { trackHeartbeat, type Player as CorePlayer } from '@marquee/player';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useSession } from '../../../lib/session';

/**
 * The site's heartbeat while `player` plays (playback-and-social §3, §7): when the site has the
 * `heartbeat` flag and a `heartbeat.url`, the player info, a video summary, the channel, the user id
 * and the user agent are posted there every `heartbeat.intervalSeconds`, without credentials.
 * Sites without both (the demo) send nothing and fetch nothing more.
 */
export function useHeartbeat(player: CorePlayer | null, channelId: string, video: Video | undefined) {
  const config = useQuery(siteConfigQueryOptions(api)).data;
  const url = config?.perms.heartbeat ? config.heartbeat.url : null;
  const intervalSeconds = config?.heartbeat.intervalSeconds ?? 0;
  const channel = useQuery({ ...channelQueryOptions(api, channelId), enabled: !!url }).data;
  const userId = useSession().user?.id ?? null;
  const channelName = channel?.name ?? channelId;

  useEffect(() => {
    if (!player || !url || !video || intervalSeconds <= 0) return;
    return trackHeartbeat(player, {
      url,
      intervalMs: intervalSeconds * 1000,
      siteUid: api.site,
      video: {
        uid: video.uid,
        title: video.title,
        type: video.type,
        duration: video.contentDetails.duration,
      },
      channel: { _id: channelId, name: channelName, channelId },
      userId,
    });
  }, [player, url, intervalSeconds, video, channelId, channelName, userId]);
}
