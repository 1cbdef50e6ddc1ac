import { channelQueryOptions, siteConfigQueryOptions } from '@marquee/api-client';
import type { Video } from '@marquee/contract';
import type { Player as CorePlayer } from '@marquee/player';
import { useHeartbeat as useSiteHeartbeat } from '@marquee/player/react';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useSession } from '../../../lib/session';

/**
 * The site's heartbeat while `player` plays, when the site has the `heartbeat` flag and a
 * `heartbeat.url`. Sites without both (the demo) send nothing and fetch nothing more.
 */
export function useHeartbeat(player: CorePlayer | null, channelId: string, video: Video | undefined) {
  const config = useQuery(siteConfigQueryOptions(api)).data;
  const url = config?.perms.heartbeat ? config.heartbeat.url : null;
  const channel = useQuery({ ...channelQueryOptions(api, channelId), enabled: !!url }).data;
  useSiteHeartbeat(player, {
    url,
    intervalSeconds: config?.heartbeat.intervalSeconds ?? 0,
    siteUid: api.site,
    video,
    channel: { id: channelId, name: channel?.name ?? channelId },
    userId: useSession().user?.id ?? null,
  });
}
