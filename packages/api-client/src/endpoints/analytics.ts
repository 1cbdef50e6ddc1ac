import type {
  AnalyticsAccepted,
  AnalyticsEvent,
  AnalyticsEventBody,
  AnalyticsSummary,
  FullscreenLogEntry,
  HeartbeatBeat,
  PlaybackQualityAccepted,
  PlaybackQualityReport,
  PlaybackQualitySummary,
} from '@marquee/contract';
import type { AnalyticsKind } from '@marquee/domain';
import { sitePath, type ApiClient } from '../client';

// Analytics events (discovery-and-site §7 Analytics; playback-and-social §7; decision 0021).
// Every sender answers 202 { accepted } once the server has queued the event; `keepalive` lets a
// send finish while the page unloads (and, unlike navigator.sendBeacon, carries the bearer token,
// so a signed-in viewer's events name them).

export type AnalyticsSendOptions = { keepalive?: boolean };

/** POST /v2/sites/{site}/analytics/{kind} with the kind's body. */
export function sendAnalyticsEvent<K extends AnalyticsKind>(
  api: ApiClient,
  kind: K,
  body: AnalyticsEventBody<K>,
  options: AnalyticsSendOptions = {},
) {
  return api.request<AnalyticsAccepted>('POST', sitePath(api.site, 'analytics', kind), {
    body,
    keepalive: options.keepalive,
  });
}

type Sender<K extends AnalyticsKind> = (
  api: ApiClient,
  body: AnalyticsEventBody<K>,
  options?: AnalyticsSendOptions,
) => Promise<AnalyticsAccepted>;
const sender =
  <K extends AnalyticsKind>(kind: K): Sender<K> =>
  (api, body, options) =>
    sendAnalyticsEvent(api, kind, body, options);

/** video {channelId, videoUid, type: adImpression | adLoad | eightyPercent | end | skip}. */
export const sendVideoEvent = sender('video');
/** watch {channelId, contentDuration, contentProgress, duration, videoUid}: on stop. */
export const sendWatchEvent = sender('watch');
/** liveChannel {liveChannelId, type: skip | view}. */
export const sendLiveChannelEvent = sender('liveChannel');
/** liveChannelWatch {duration, liveChannelId}. */
export const sendLiveChannelWatchEvent = sender('liveChannelWatch');
/** page {page}. */
export const sendPageEvent = sender('page');
/** share {channelId, contentId, platform, type, videoUid}. */
export const sendShareEvent = sender('share');
/** smartBanner {type}. */
export const sendSmartBannerEvent = sender('smartBanner');

/** POST /v2/sites/{site}/analytics/batch {events}: up to 50 queued events of any kinds. */
export function sendAnalyticsBatch(
  api: ApiClient,
  events: AnalyticsEvent[],
  options: AnalyticsSendOptions = {},
) {
  return api.request<AnalyticsAccepted>('POST', sitePath(api.site, 'analytics', 'batch'), {
    body: { events },
    keepalive: options.keepalive,
  });
}

/**
 * POST /v2/sites/{site}/analytics/heartbeats {beats}: up to 50 queued heartbeat beats (decision
 * 0060). With `beacon` (the page is going away) it is handed to navigator.sendBeacon, which outlives
 * the page but carries no token or header: those beats are stored without a user. Where there is no
 * sendBeacon, the API is on another origin (the TV apps), or the beacon is refused (over its quota),
 * a keepalive fetch is sent instead.
 */
export function sendHeartbeatBatch(
  api: ApiClient,
  beats: HeartbeatBeat[],
  options: { beacon?: boolean; navigator?: Pick<Navigator, 'sendBeacon'> } = {},
): Promise<AnalyticsAccepted | null> {
  const path = sitePath(api.site, 'analytics', 'heartbeats');
  const body = { beats };
  const nav = options.navigator ?? (typeof navigator === 'undefined' ? undefined : navigator);
  // Same origin only: a cross-origin beacon of JSON (the TV apps' API) is refused by some browsers.
  if (options.beacon && api.baseUrl === '' && typeof nav?.sendBeacon === 'function') {
    const blob = new Blob([JSON.stringify(body)], { type: 'application/json' });
    try {
      if (nav.sendBeacon(api.url(path), blob)) return Promise.resolve(null);
    } catch {
      // Refused outright: the keepalive fetch below carries it instead.
    }
  }
  return api.request<AnalyticsAccepted>('POST', path, { body, keepalive: options.beacon });
}

/**
 * POST /v2/fullscreen-logs: the player's fullscreen log entries ({ type, args }), for sites with
 * the fullscreenLogs flag; the site is the `__site` every call carries.
 */
export function sendFullscreenLogs(
  api: ApiClient,
  entries: FullscreenLogEntry[],
  options: AnalyticsSendOptions = {},
) {
  return api.request<AnalyticsAccepted>('POST', '/v2/fullscreen-logs', {
    body: entries,
    keepalive: options.keepalive,
  });
}

/** GET /v2/sites/{site}/analytics/summary?from&to (the site's admins): counts and seconds watched. */
export function getAnalyticsSummary(
  api: ApiClient,
  window: { from?: string; to?: string } = {},
  signal?: AbortSignal,
) {
  return api.get<AnalyticsSummary>(sitePath(api.site, 'analytics', 'summary'), {
    query: { from: window.from, to: window.to },
    signal,
  });
}

/**
 * POST /v2/sites/{site}/analytics/playbackQuality: one playback session's quality so far (decision
 * 0083). With `beacon` (the page or the video is going away) it goes by navigator.sendBeacon where
 * the API is on this origin, else by a keepalive fetch; a failure is dropped (the next report of the
 * session carries the same totals and more).
 */
export function sendPlaybackQuality(
  api: ApiClient,
  report: PlaybackQualityReport,
  options: { beacon?: boolean; navigator?: Pick<Navigator, 'sendBeacon'> } = {},
): void {
  const path = sitePath(api.site, 'analytics', 'playbackQuality');
  const nav = options.navigator ?? (typeof navigator === 'undefined' ? undefined : navigator);
  if (options.beacon && api.baseUrl === '' && typeof nav?.sendBeacon === 'function') {
    const blob = new Blob([JSON.stringify(report)], { type: 'application/json' });
    try {
      if (nav.sendBeacon(api.url(path), blob)) return;
    } catch {
      // Refused outright: the keepalive fetch below carries it instead.
    }
  }
  api
    .request<PlaybackQualityAccepted>('POST', path, { body: report, keepalive: options.beacon })
    .catch(() => undefined);
}

/** GET /v2/sites/{site}/analytics/playbackQuality?from&to (the site's admins): figures per title and day. */
export function getPlaybackQuality(
  api: ApiClient,
  range: { from?: string; to?: string } = {},
  signal?: AbortSignal,
) {
  return api.get<PlaybackQualitySummary>(sitePath(api.site, 'analytics', 'playbackQuality'), {
    query: { from: range.from, to: range.to },
    signal,
  });
}
