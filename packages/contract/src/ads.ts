import { z } from 'zod';
import { AD_TRACKING_EVENTS } from '@marquee/domain';
import { ClientQuery } from './common';
import { AdSettings } from './site';

/**
 * Video ads served by our own VAST endpoint (playback-and-social §4.3, §4.4; decision 0026).
 * The VAST document itself is XML; these are the stored creatives and the query strings.
 */

/** An id of a creative: letters, digits, dash and underscore. */
const creativeId = z
  .string()
  .trim()
  .min(1, 'id is required')
  .max(64)
  .regex(/^[\w-]+$/, 'must be letters, digits, underscore or dash');

/** A catalog id carried through the ad tag and the trackers (empty when the ad runs outside a video). */
const catalogId = (name: string) =>
  z
    .string()
    .trim()
    .max(128, `${name} must be at most 128 characters`)
    .regex(/^[\w.:-]*$/, `${name} must be letters, digits, dot, underscore, colon or dash`);

/** A linear video creative an operator configured for the site (stored in the site's ad settings). */
export const AdCreative = z.object({
  id: creativeId,
  title: z.string().min(1).max(120),
  /** A file in the server's ad folder (`<DATA_DIR>/ads/`), served by us; or null with `mediaUrl`. */
  file: z
    .string()
    .regex(/^[\w-]+\.mp4$/, 'must be a .mp4 file name')
    .nullable(),
  /** An external http(s) MP4 when the creative is hosted elsewhere. */
  mediaUrl: z.url({ protocol: /^https?$/ }).nullable(),
  durationS: z.number().positive().max(600),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** Seconds after which the viewer may skip; null: not skippable. */
  skipOffsetS: z.number().min(0).nullable(),
  /** Where a click on the ad leads (the hybrid paywall's subscribe page is a good default). */
  clickThrough: z.string().nullable(),
  /** Which breaks may use it. */
  positions: z.array(z.enum(['pre', 'mid'])).min(1),
});
export type AdCreative = z.infer<typeof AdCreative>;

/** A site's ad settings as stored: the public settings plus the operator's creatives. */
export const StoredAdSettings = AdSettings.extend({ creatives: z.array(AdCreative).max(50) });
export type StoredAdSettings = z.infer<typeof StoredAdSettings>;

/** Which break asks: 'pre', or a mid-roll offset in whole or decimal seconds. */
const position = z
  .string()
  .regex(/^(pre|\d{1,6}(\.\d{1,3})?)$/, "position must be 'pre' or a mid-roll offset in seconds")
  .default('pre');

/** GET /v2/sites/{site}/ads/vast?videoUid&channelId&position&cb */
export const VastQuery = ClientQuery.extend({
  videoUid: catalogId('videoUid').default(''),
  channelId: catalogId('channelId').default(''),
  position,
  /** A cache-buster; ignored. */
  cb: z.string().max(64).optional(),
});
export type VastQuery = z.infer<typeof VastQuery>;

/** GET /v2/sites/{site}/ads/track?event&creative&videoUid&channelId&position: a VAST tracking pixel. */
export const AdTrackQuery = ClientQuery.extend({
  event: z.enum(AD_TRACKING_EVENTS, { message: `event must be one of ${AD_TRACKING_EVENTS.join(', ')}` }),
  creative: creativeId,
  videoUid: catalogId('videoUid').default(''),
  channelId: catalogId('channelId').default(''),
  position,
  /** VAST's [ERRORCODE] on error pixels. */
  code: z.string().max(8).optional(),
  cb: z.string().max(64).optional(),
});
export type AdTrackQuery = z.infer<typeof AdTrackQuery>;

export const AdCreativeParams = z.object({ site: z.string().min(1).max(64), id: creativeId });
export type AdCreativeParams = z.infer<typeof AdCreativeParams>;

/** GET /v2/sites/{site}/ads/banner?placement&cb: one banner, requested by our server for the viewer. */
export const AdBannerQuery = ClientQuery.extend({
  /** The slot's placement key; the site's own key when absent. */
  placement: z.string().max(120).optional(),
  /** The viewer's cache-buster, passed on as [CACHEBUSTING]. */
  cb: z.string().max(64).optional(),
});
export type AdBannerQuery = z.infer<typeof AdBannerQuery>;

/** One banner's markup (null: neither the ad server nor the fallback had one) and its slot's size. */
export const AdBanner = z.object({
  markup: z.string().nullable(),
  width: z.number().int(),
  height: z.number().int(),
});
export type AdBanner = z.infer<typeof AdBanner>;

/** GET /v2/sites/{site}/ads/house-banner?placement: the site's own banner (decision 0063). */
export const HouseBannerQuery = ClientQuery.extend({
  placement: z.string().max(120).optional(),
  cb: z.string().max(64).optional(),
});
export type HouseBannerQuery = z.infer<typeof HouseBannerQuery>;
