import { z } from 'zod';
import {
  AD_ONLY_VIDEO_EVENT_TYPES,
  ANALYTICS_BATCH_MAX,
  ANALYTICS_KINDS,
  LIVE_CHANNEL_EVENT_TYPES,
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

/** A short name the spec does not enumerate (share platform and type, smart-banner type). */
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
 * share {channelId, contentId, platform, type, videoUid}. A series or a page has no video or
 * channel, so those two are optional; platform and type are short names the spec does not list.
 */
export const ShareAnalyticsEvent = z
  .object({
    contentId: id('contentId'),
    platform: label('platform'),
    type: label('type'),
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

/** POST …/analytics/batch: up to 50 queued events of any kinds, accepted or refused together. */
export const AnalyticsBatchBody = z
  .object({
    events: z
      .array(AnalyticsBatchEvent)
      .min(1, 'events needs at least one event')
      .max(ANALYTICS_BATCH_MAX, `events holds at most ${ANALYTICS_BATCH_MAX}`),
  })
  .meta({ id: 'AnalyticsBatch' });
export type AnalyticsBatchBody = z.infer<typeof AnalyticsBatchBody>;

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
