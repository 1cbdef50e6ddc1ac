// Analytics events (discovery-and-site §7 Analytics; playback-and-social §4.8, §7, §9; decision 0021).

/** The spec's event kinds, each POSTed to /v2/sites/{site}/analytics/{kind}. */
export const ANALYTICS_KINDS = [
  'video',
  'watch',
  'liveChannel',
  'liveChannelWatch',
  'page',
  'share',
  'smartBanner',
] as const;
export type AnalyticsKind = (typeof ANALYTICS_KINDS)[number];

/**
 * "video {channelId, videoUid, type adImpression, adLoad, eightyPercent, end, skip}", and the §4.8
 * reward at 90 % recorded as a `video` event too (decision 0021).
 */
export const VIDEO_EVENT_TYPES = [
  'adImpression',
  'adLoad',
  'eightyPercent',
  'reward',
  'end',
  'skip',
] as const;
export type VideoEventType = (typeof VIDEO_EVENT_TYPES)[number];

/** "liveChannel {liveChannelId, type skip or view}". */
export const LIVE_CHANNEL_EVENT_TYPES = ['skip', 'view'] as const;
export type LiveChannelEventType = (typeof LIVE_CHANNEL_EVENT_TYPES)[number];

/** "Analytics currency USD" (§9): money amounts in analytics are reported in US dollars. */
export const ANALYTICS_CURRENCY = 'USD';

/** Events in one POST …/analytics/batch (the spec does not show the batch path: decision 0021). */
export const ANALYTICS_BATCH_MAX = 50;

/** Arguments of one fullscreen log entry (POST /v2/fullscreen-logs; decision 0060). */
export const FULLSCREEN_LOG_ARGS_MAX = 10;

/** The fullscreen log entry types our players send. */
export const FULLSCREEN_LOG_TYPES = ['enter', 'exit'] as const;

/**
 * Batched heartbeats (decision 0060): the player sends its queued beats every 60 s, at 10 beats,
 * and with a beacon when the page is hidden or closes.
 */
export const HEARTBEAT_BATCH_FLUSH_MS = 60_000;
export const HEARTBEAT_BATCH_FLUSH_AT = 10;

/** The cookie the `appsflyer-id` header is read from (the AppsFlyer web SDK's user id cookie). */
export const APPSFLYER_COOKIE = 'afUserId';

/** The client queue sends what it holds every 5 s, at 20 events, and with keepalive on pagehide. */
export const ANALYTICS_CLIENT_FLUSH_MS = 5_000;
export const ANALYTICS_CLIENT_FLUSH_AT = 20;

/** The share of a video's length after which its `eightyPercent` event fires. */
export const EIGHTY_PERCENT = 0.8;

/** True once the playhead has reached 80 % of a known, positive duration. */
export function reachedEightyPercent(positionS: number, durationS: number): boolean {
  return Number.isFinite(durationS) && durationS > 0 && positionS >= durationS * EIGHTY_PERCENT;
}

/**
 * The gap between two playhead samples that still counts as watching (timeupdate fires every
 * 250 ms or so; a larger jump is a seek, not time watched).
 */
export const MAX_WATCH_STEP_S = 2;

/** Seconds watched between two playhead samples: the forward step, unless it is a seek. */
export function watchedStep(previousS: number, currentS: number): number {
  const step = currentS - previousS;
  return step > 0 && step <= MAX_WATCH_STEP_S ? step : 0;
}
