import { z } from 'zod';
import {
  AD_ONLY_VIDEO_EVENT_TYPES,
  ANALYTICS_BATCH_MAX,
  ANALYTICS_KINDS,
  FULLSCREEN_LOG_ARGS_MAX,
  LIVE_CHANNEL_EVENT_TYPES,
  SHARE_CONTENT_TYPES,
  SHARE_PLATFORMS,
  VIDEO_EVENT_TYPES,
  type AnalyticsKind,
} from '@marquee/domain';
import { ClientQuery, SiteParams } from './common';

/**
 * Analytics events (discovery-and-site §7 Analytics; playback-and-social §7), all POSTed to
 * /v2/sites/{site}/analytics/{kind}, plus the batch form and the operators' summary. What the spec
 * leaves open is decided in docs/decisions/0021-analytics.md.
 */

/** A catalog id (channel, video, live channel, content): letters, digits and . _ : - as in the catalog. */
const id = (name: string) =>
  z
    .string()
    .trim()
    .min(1, `${name} is required`)
    .max(128)
    .regex(/^[\w.:-]+$/, 'must be letters, digits, dot, underscore, colon or dash');

/** Seconds: 0 or more, at most a week (no item is longer; a larger value is a client bug). */
const seconds = (name: string) =>
  z
    .number({ message: `${name} must be a number of seconds` })
    .min(0, `${name} must be 0 or more`)
    .max(7 * 24 * 3600, `${name} must be at most a week`);

/** A short name the spec does not enumerate (the smart-banner type). */
const label = (name: string) =>
  z
    .string()
    .trim()
    .min(1, `${name} is required`)
    .max(32)
    .regex(/^[\w.-]+$/, 'must be letters, digits, dot, underscore or dash');

/**
 * What any event may add to the spec's fields: the client's device (TV apps) and session (one
 * app load) ids, so events of one viewer can be told apart without an account.
 */
const clientIds = {
  deviceId: z.string().trim().min(1).max(128).optional(),
  sessionId: z.string().trim().min(1).max(64).optional(),
};

/** video {channelId, videoUid, type}: ads, the 80 % mark, the end, a skip (watched 5 s or less). */
export const VideoAnalyticsEvent = z
  .object({
    channelId: id('channelId'),
    videoUid: id('videoUid'),
    type: z.enum(VIDEO_EVENT_TYPES, { message: `type must be one of ${VIDEO_EVENT_TYPES.join(', ')}` }),
    ...clientIds,
  })
  .meta({ id: 'VideoAnalyticsEvent' });
export type VideoAnalyticsEvent = z.infer<typeof VideoAnalyticsEvent>;

/** watch {channelId, contentDuration, contentProgress, duration, videoUid}, sent on stop (§4.8). */
export const WatchAnalyticsEvent = z
  .object({
    channelId: id('channelId'),
    videoUid: id('videoUid'),
    /** The video's length, seconds. */
    contentDuration: seconds('contentDuration'),
    /** The position when playback stopped, seconds. */
    contentProgress: seconds('contentProgress'),
    /** Seconds actually watched. */
    duration: seconds('duration'),
    ...clientIds,
  })
  .meta({ id: 'WatchAnalyticsEvent' });
export type WatchAnalyticsEvent = z.infer<typeof WatchAnalyticsEvent>;

/** liveChannel {liveChannelId, type skip or view}. */
export const LiveChannelAnalyticsEvent = z
  .object({
    liveChannelId: id('liveChannelId'),
    type: z.enum(LIVE_CHANNEL_EVENT_TYPES, {
      message: `type must be one of ${LIVE_CHANNEL_EVENT_TYPES.join(', ')}`,
    }),
    ...clientIds,
  })
  .meta({ id: 'LiveChannelAnalyticsEvent' });
export type LiveChannelAnalyticsEvent = z.infer<typeof LiveChannelAnalyticsEvent>;

/** liveChannelWatch {duration, liveChannelId}: seconds watched of a live channel. */
export const LiveChannelWatchAnalyticsEvent = z
  .object({
    liveChannelId: id('liveChannelId'),
    duration: seconds('duration'),
    ...clientIds,
  })
  .meta({ id: 'LiveChannelWatchAnalyticsEvent' });
export type LiveChannelWatchAnalyticsEvent = z.infer<typeof LiveChannelWatchAnalyticsEvent>;

/** page {page}: a page view; the web app sends the route's path (no query string). */
export const PageAnalyticsEvent = z
  .object({
    page: z.string().trim().min(1, 'page is required').max(512),
    ...clientIds,
  })
  .meta({ id: 'PageAnalyticsEvent' });
export type PageAnalyticsEvent = z.infer<typeof PageAnalyticsEvent>;

/**
 * share {channelId, contentId, platform, type, videoUid}. The spec does not list platform and type:
 * platform is the share target (or `embed`, the embed code copied) and type what was shared (a
 * video, a gif or a moment; contentId is its id), decision 0049. A gif's channel may be unknown, so
 * channelId and videoUid are optional.
 */
export const ShareAnalyticsEvent = z
  .object({
    contentId: id('contentId'),
    platform: z.enum(SHARE_PLATFORMS, { message: `platform must be one of ${SHARE_PLATFORMS.join(', ')}` }),
    type: z.enum(SHARE_CONTENT_TYPES, { message: `type must be one of ${SHARE_CONTENT_TYPES.join(', ')}` }),
    channelId: id('channelId').optional(),
    videoUid: id('videoUid').optional(),
    ...clientIds,
  })
  .meta({ id: 'ShareAnalyticsEvent' });
export type ShareAnalyticsEvent = z.infer<typeof ShareAnalyticsEvent>;

/** smartBanner {type}: the app banner was shown, opened, closed… */
export const SmartBannerAnalyticsEvent = z
  .object({ type: label('type'), ...clientIds })
  .meta({ id: 'SmartBannerAnalyticsEvent' });
export type SmartBannerAnalyticsEvent = z.infer<typeof SmartBannerAnalyticsEvent>;

/** The body of POST …/analytics/{kind}, per kind. */
export const AnalyticsEventBodies = {
  video: VideoAnalyticsEvent,
  watch: WatchAnalyticsEvent,
  liveChannel: LiveChannelAnalyticsEvent,
  liveChannelWatch: LiveChannelWatchAnalyticsEvent,
  page: PageAnalyticsEvent,
  share: ShareAnalyticsEvent,
  smartBanner: SmartBannerAnalyticsEvent,
} as const satisfies Record<AnalyticsKind, z.ZodType>;

export type AnalyticsEventBody<K extends AnalyticsKind> = z.infer<(typeof AnalyticsEventBodies)[K]>;

/** An item of the batch: `{ kind, ...the kind's body }`. */
export const AnalyticsBatchEvent = z.discriminatedUnion(
  'kind',
  [
    VideoAnalyticsEvent.extend({ kind: z.literal('video') }),
    WatchAnalyticsEvent.extend({ kind: z.literal('watch') }),
    LiveChannelAnalyticsEvent.extend({ kind: z.literal('liveChannel') }),
    LiveChannelWatchAnalyticsEvent.extend({ kind: z.literal('liveChannelWatch') }),
    PageAnalyticsEvent.extend({ kind: z.literal('page') }),
    ShareAnalyticsEvent.extend({ kind: z.literal('share') }),
    SmartBannerAnalyticsEvent.extend({ kind: z.literal('smartBanner') }),
  ],
  { message: `kind must be one of ${ANALYTICS_KINDS.join(', ')}` },
);
export type AnalyticsBatchEvent = z.infer<typeof AnalyticsBatchEvent>;
/** One event of any kind: the kind's body with `kind` added. */
export type AnalyticsEvent = z.infer<typeof AnalyticsBatchEvent>;

/** A batch's list: 1 to ANALYTICS_BATCH_MAX items, the messages naming the field and the item. */
const batchOf = <T extends z.ZodType>(item: T, field: string, one: string) =>
  z
    .array(item)
    .min(1, `${field} needs at least one ${one}`)
    .max(ANALYTICS_BATCH_MAX, `${field} holds at most ${ANALYTICS_BATCH_MAX}`);

/** POST …/analytics/batch: up to 50 queued events of any kinds, accepted or refused together. */
export const AnalyticsBatchBody = z
  .object({ events: batchOf(AnalyticsBatchEvent, 'events', 'event') })
  .meta({ id: 'AnalyticsBatch' });
export type AnalyticsBatchBody = z.infer<typeof AnalyticsBatchBody>;

/**
 * POST /v2/fullscreen-logs (playback-and-social §7: "an array of entries with type and args, only
 * for certain sites"): the player's fullscreen log. Our players send `enter` and `exit` with
 * `[videoUid, currentTime]`; the spec does not list the types, so any short name is taken.
 */
const logArg = z.union([z.string().max(256), z.number(), z.boolean(), z.null()]);
export const FullscreenLogEntry = z
  .object({
    type: label('type'),
    args: z
      .array(logArg)
      .max(FULLSCREEN_LOG_ARGS_MAX, `args holds at most ${FULLSCREEN_LOG_ARGS_MAX}`)
      .default([]),
    ...clientIds,
  })
  .meta({ id: 'FullscreenLogEntry' });
export type FullscreenLogEntry = z.infer<typeof FullscreenLogEntry>;
export const FullscreenLogsBody = z
  .array(FullscreenLogEntry)
  .min(1, 'at least one entry is required')
  .max(ANALYTICS_BATCH_MAX, `at most ${ANALYTICS_BATCH_MAX} entries`)
  .meta({ id: 'FullscreenLogs' });
export type FullscreenLogsBody = z.infer<typeof FullscreenLogsBody>;

/**
 * One beat of the batched heartbeat (playback-and-social §7 "Batched heartbeat analytics"; decision
 * 0060): the heartbeat's payload (§3: player info, video summary, channel, user id, user agent). The
 * `userId` a beat names is not trusted: the stored user is the bearer token's, as for every event.
 */
export const HeartbeatBeat = z
  .object({
    player: z.object({
      engine: z.string().trim().min(1).max(32),
      currentTime: seconds('player.currentTime'),
      duration: seconds('player.duration').nullable(),
      paused: z.boolean(),
      muted: z.boolean(),
    }),
    video: z.object({
      uid: id('video.uid'),
      title: z.string().max(512),
      type: label('video.type'),
      duration: seconds('video.duration'),
    }),
    channel: z.object({
      _id: id('channel._id'),
      name: z.string().max(256),
      channelId: id('channel.channelId'),
    }),
    userId: z.string().max(128).nullable().optional(),
    userAgent: z.string().max(512).optional(),
    siteUid: z.string().max(64).optional(),
    sentAt: z.iso.datetime({ offset: true, message: 'sentAt must be an ISO date-time' }),
    ...clientIds,
  })
  .meta({ id: 'HeartbeatBeat' });
export type HeartbeatBeat = z.infer<typeof HeartbeatBeat>;

/** POST /v2/sites/{site}/analytics/heartbeats {beats}: 1–50 beats, accepted or refused together. */
export const HeartbeatBatchBody = z
  .object({ beats: batchOf(HeartbeatBeat, 'beats', 'beat') })
  .meta({ id: 'HeartbeatBatch' });
export type HeartbeatBatchBody = z.infer<typeof HeartbeatBatchBody>;

/**
 * The `appsflyer-id` header (playback-and-social §7: "an appsflyer-id header taken from a cookie"):
 * the AppsFlyer web id, recorded with analytics events (decision 0060).
 */
export const AppsflyerIdHeader = z
  .string()
  .trim()
  .min(1)
  .max(128)
  .regex(/^[\w.:-]+$/, 'appsflyer-id must be letters, digits, dot, underscore, colon or dash');

/** 202: the events are queued for the next batched write (not yet in the database). */
export const AnalyticsAccepted = z.object({ accepted: z.number().int() }).meta({ id: 'AnalyticsAccepted' });
export type AnalyticsAccepted = z.infer<typeof AnalyticsAccepted>;

export const AnalyticsKindParams = SiteParams.extend({ kind: z.string().max(64) });
export type AnalyticsKindParams = z.infer<typeof AnalyticsKindParams>;

/** GET …/analytics/summary?from&to: ISO instants; the last 30 days by default. */
export const AnalyticsSummaryQuery = ClientQuery.extend({
  from: z.iso.datetime({ offset: true, message: 'from must be an ISO date-time' }).optional(),
  to: z.iso.datetime({ offset: true, message: 'to must be an ISO date-time' }).optional(),
});
export type AnalyticsSummaryQuery = z.infer<typeof AnalyticsSummaryQuery>;

const kindCounts = z.object(
  Object.fromEntries(ANALYTICS_KINDS.map((k) => [k, z.number().int()])) as Record<AnalyticsKind, z.ZodNumber>,
);
const videoTypeCounts = z.object(
  Object.fromEntries(
    [...VIDEO_EVENT_TYPES, ...AD_ONLY_VIDEO_EVENT_TYPES].map((t) => [t, z.number().int()]),
  ) as Record<(typeof VIDEO_EVENT_TYPES)[number] | (typeof AD_ONLY_VIDEO_EVENT_TYPES)[number], z.ZodNumber>,
);

/** What the site's events add up to between `from` (inclusive) and `to` (inclusive). */
export const AnalyticsSummary = z
  .object({
    site: z.string(),
    from: z.string(),
    to: z.string(),
    /** Every stored event in the window. */
    events: z.number().int(),
    counts: kindCounts,
    /** `video` events by type (eightyPercent, end, skip, ad events; the ad tracker's types: decision 0026). */
    videoEvents: videoTypeCounts,
    /** Sum of `duration` of the watch events: seconds of VOD watched. */
    watchSeconds: z.number(),
    /** Sum of `duration` of the liveChannelWatch events. */
    liveChannelWatchSeconds: z.number(),
  })
  .meta({ id: 'AnalyticsSummary' });
export type AnalyticsSummary = z.infer<typeof AnalyticsSummary>;
