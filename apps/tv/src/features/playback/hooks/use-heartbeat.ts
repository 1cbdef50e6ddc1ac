import { channelQueryOptions, siteConfigQueryOptions } from '@marquee/api-client';
import type { Video } from '@marquee/contract';
import type { Player as CorePlayer } from '@marquee/player';
import { useHeartbeat as useSiteHeartbeat } from '@marquee/player/react';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { useMe } from '../../../lib/use-me';

/**
 * The site's heartbeat while a TV plays, as on the web: only with the site's `heartbeat` flag and a
 * `heartbeat.url`; sites without both send nothing and fetch nothing more.
 */
export function useHeartbeat(player: CorePlayer | null, channelId: string, video: Video | undefined) {
  const api = useApi();
  const config = useQuery(siteConfigQueryOptions(api)).data;
  const url = config?.perms.heartbeat ? config.heartbeat.url : null;
  const channel = useQuery({ ...channelQueryOptions(api, channelId), enabled: !!url }).data;
  const signedIn = useSession() !== null;
  const me = useMe(!!url && signedIn).data;
  useSiteHeartbeat(player, {
    url,
    intervalSeconds: config?.heartbeat.intervalSeconds ?? 0,
    siteUid: api.site,
    video,
    channel: { id: channelId, name: channel?.name ?? channelId },
    userId: signedIn ? (me?.id ?? null) : null,
  });
}
