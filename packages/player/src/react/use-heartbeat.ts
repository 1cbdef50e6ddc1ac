import { channelQueryOptions, meQueryOptions, siteConfigQueryOptions } from '@marquee/api-client';
import { useApi, useSession, type Session } from '@marquee/api-client/react';
import type { User, Video } from '@marquee/contract';
import type { PlayerPayload } from '@marquee/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { trackHeartbeat } from '../heartbeat';
import { heartbeatsFor } from './analytics';
import type { Player as CorePlayer } from '../player';

/**
 * The user id a heartbeat names: the session's user, else (a session that keeps no user: the TV)
 * the answer of GET /v2/me/info; nobody when signed out.
 */
export function heartbeatUserId({ status, user }: Pick<Session, 'status' | 'user'>, me: User | undefined) {
  return status === 'signedIn' ? ((user ?? me)?.id ?? null) : null;
}

/**
 * The site's heartbeat while `player` plays (playback-and-social §3, §7), when the site has the
 * `heartbeat` flag: every `intervalSeconds` a beat (the player info, a video summary, the channel,
 * the user id, the user agent and the player payload) is queued for the batched heartbeat analytics
 * to our server (decision 0060) and, when the site has a `heartbeat.url`, posted there without
 * credentials. Sites without the flag (the demo) send nothing and fetch nothing more.
 */
export function useHeartbeat(
  player: CorePlayer | null,
  channelId: string,
  video: Video | undefined,
  payload: PlayerPayload | null = null,
) {
  const api = useApi();
  const session = useSession();
  const config = useQuery(siteConfigQueryOptions(api)).data;
  const on = config?.perms.heartbeat === true;
  const url = config?.perms.heartbeat ? config.heartbeat.url : null;
  const intervalSeconds = config?.heartbeat.intervalSeconds ?? 0;
  const channelName = useQuery({ ...channelQueryOptions(api, channelId), enabled: on }).data?.name;
  const needsMe = on && session.status === 'signedIn' && !session.user;
  const me = useQuery({ ...meQueryOptions(api), enabled: needsMe }).data;
  const userId = heartbeatUserId(session, me);
  useEffect(() => {
    if (!player || !on || !video || intervalSeconds <= 0) return;
    const name = channelName ?? channelId;
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
      channel: { _id: channelId, name, channelId },
      userId,
      payload,
      sink: heartbeatsFor(api),
    });
  }, [player, on, url, intervalSeconds, api, video, channelId, channelName, userId, payload]);
}
