import {
  sendAnalyticsBatch,
  sendFullscreenLogs,
  sendHeartbeatBatch,
  siteConfigQueryOptions,
  type ApiClient,
  type ViewerSession,
} from '@marquee/api-client';
import { useApi, useSessionStore, type Session } from '@marquee/api-client/react';
import type { AnalyticsEvent } from '@marquee/contract';
import { HEARTBEAT_BATCH_FLUSH_AT, HEARTBEAT_BATCH_FLUSH_MS, randomString } from '@marquee/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { createAnalyticsQueue, trackPlaybackAnalytics, type AnalyticsQueue } from '../analytics';
import { trackFullscreen } from '../fullscreen-log';
import type { HeartbeatPayload } from '../heartbeat';
import { trackLiveChannelAnalytics } from '../live-analytics';
import type { Player as CorePlayer } from '../player';

/**
 * A random id for this page load (no storage): tells one visit's events apart without an account.
 * The spec's random string (§9: default length 32).
 */
const sessionId = randomString();

const queues = new WeakMap<ApiClient, AnalyticsQueue<AnalyticsEvent>>();

/**
 * The analytics queue of an API client (decision 0021), one per client so `__source` names the web
 * or the TV platform: events go out together in one POST …/analytics/batch every 5 s or at 20, and
 * with keepalive (carrying the bearer token) when the page is hidden or closes.
 */
export function analyticsFor(api: ApiClient): AnalyticsQueue<AnalyticsEvent> {
  let queue = queues.get(api);
  if (!queue) {
    queue = createAnalyticsQueue<AnalyticsEvent>((events, { keepalive }) =>
      sendAnalyticsBatch(
        api,
        events.map((e) => ({ ...e, sessionId })),
        { keepalive },
      ),
    );
    if (typeof window !== 'undefined') queue.bindPage(window);
    queues.set(api, queue);
  }
  return queue;
}

const heartbeatQueues = new WeakMap<ApiClient, AnalyticsQueue<HeartbeatPayload>>();

/**
 * The batched heartbeat queue of an API client (decision 0060): beats go out together in one POST
 * …/analytics/heartbeats every 60 s or at 10, and in a beacon (navigator.sendBeacon) when the page
 * is hidden or closes.
 */
export function heartbeatsFor(api: ApiClient): AnalyticsQueue<HeartbeatPayload> {
  let queue = heartbeatQueues.get(api);
  if (!queue) {
    queue = createAnalyticsQueue<HeartbeatPayload>(
      (beats, { keepalive }) =>
        sendHeartbeatBatch(
          api,
          beats.map((b) => ({ ...b, sessionId })),
          { beacon: keepalive },
        ),
      { flushMs: HEARTBEAT_BATCH_FLUSH_MS, flushAt: HEARTBEAT_BATCH_FLUSH_AT },
    );
    if (typeof window !== 'undefined') queue.bindPage(window);
    heartbeatQueues.set(api, queue);
  }
  return queue;
}

/**
 * Logs the video going fullscreen and back (POST /v2/fullscreen-logs: `enter` / `exit` with the
 * video uid and position) on sites with the fullscreenLogs flag; one request per change.
 */
export function useFullscreenLogs(player: CorePlayer | null, videoUid: string) {
  const api = useApi();
  const on = useQuery(siteConfigQueryOptions(api)).data?.perms.fullscreenLogs === true;
  useEffect(() => {
    if (!player || !on || typeof document === 'undefined') return;
    return trackFullscreen(player.video, videoUid, (entry) => {
      sendFullscreenLogs(api, [entry]).catch(() => {});
    });
  }, [player, on, api, videoUid]);
}

/** The analytics queue of the API client in context. */
export function useAnalytics(): AnalyticsQueue<AnalyticsEvent> {
  return analyticsFor(useApi());
}

/**
 * Who the watch time belongs to: the user's id, a session that keeps no user (the TV) counts as one
 * account, and no one while loading or signed out. A change ends one tracking and starts the next.
 */
export function analyticsAccount({ status, user }: Pick<Session, 'status' | 'user'>): string | null {
  return status === 'signedIn' ? (user?.id ?? status) : null;
}

/**
 * Runs `track` (which returns its stop) for one account at a time: playback-and-social §4.8 "On
 * login or logout, watch time is flushed". When the session's account changes, the running
 * tracking stops (sending the watch time so far under the account that watched) and a new one
 * starts for the next account. Returns the stop of the whole.
 */
export function trackPerAccount(
  session: Pick<ViewerSession, 'subscribe' | 'getSnapshot'>,
  track: () => () => void,
): () => void {
  let account = analyticsAccount(session.getSnapshot());
  let stop = track();
  const unsubscribe = session.subscribe(() => {
    const next = analyticsAccount(session.getSnapshot());
    if (next === account) return;
    account = next;
    stop();
    stop = track();
  });
  return () => {
    unsubscribe();
    stop();
  };
}

/**
 * Sends the analytics of a VOD item while `player` plays it (playback-and-social §4.8, §7): `video`
 * eightyPercent and end, and the `watch` event (or a `video` skip under 5 s) when playback stops,
 * the viewer leaves the screen or the page goes away, or the account changes (`trackPerAccount`).
 * Live content is not `trackable`.
 */
export function usePlaybackAnalytics(
  player: CorePlayer | null,
  channelId: string,
  videoUid: string,
  trackable: boolean,
) {
  const analytics = useAnalytics();
  const session = useSessionStore();
  useEffect(() => {
    if (!player || !trackable) return;
    return trackPerAccount(session, () => trackPlaybackAnalytics(player, analytics, { channelId, videoUid }));
  }, [player, analytics, channelId, videoUid, trackable, session]);
}

/** A live channel's view or skip and its seconds watched while `player` plays it (§7). */
export function useLiveChannelAnalytics(player: CorePlayer | null, liveChannelId: string | undefined) {
  const analytics = useAnalytics();
  useEffect(() => {
    if (!player || !liveChannelId) return;
    return trackLiveChannelAnalytics(player, analytics, liveChannelId);
  }, [player, analytics, liveChannelId]);
}
