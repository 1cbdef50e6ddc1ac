// Video ads, the ad-blocker gate and ad banners (playback-and-social §4.1, §4.3, §4.4;
// discovery-and-site §3 ad config, §5, §8, §9; decision 0026).

/** "Ad types are vast and googima." */
export const AD_TYPES = ['vast', 'googima'] as const;
export type AdType = (typeof AD_TYPES)[number];

/** The operator's review of a site's ads; "Ads are on only when ads.enabled is set and the ad status is approved." */
export const AD_STATUSES = ['approved', 'pending', 'rejected'] as const;
export type AdStatus = (typeof AD_STATUSES)[number];

/** "Ad banner refresh is at least 30000 ms" (frequency 5 and offset 0 are in rows.ts). */
export const AD_BANNER_MIN_REFRESH_MS = 30_000;

/** "On ad start, a hybrid paywall banner shows for 10 s." */
export const HYBRID_PAYWALL_BANNER_MS = 10_000;

/** "The page polls every second and reloads once the blocker is gone." */
export const AD_BLOCKER_POLL_MS = 1_000;

/**
 * The bait the ad-blocker gate requests: a path the common filter lists block (prebid is the
 * header-bidding library every list names). Our server answers it with a tiny script.
 */
export const AD_BLOCKER_BAIT_PATH = '/ads/prebid-ads.js';
/** What the bait script sets; a blocker that swaps in an empty script still counts as blocking. */
export const AD_BLOCKER_BAIT_MARKER = '__marqueeAdBait';

/** How long the player waits for a VAST document before giving up on the break (content then plays). */
export const VAST_TIMEOUT_MS = 5_000;

/** Video ad breaks of a site: a pre-roll, mid-rolls at offsets (seconds) and how often breaks run. */
export type VideoAdSchedule = {
  preRoll: boolean;
  midRollOffsets: number[];
  /** An ad break runs on every Nth video the viewer starts (1: every video). */
  frequency: number;
};

export const DEFAULT_VIDEO_AD_SCHEDULE: VideoAdSchedule = { preRoll: true, midRollOffsets: [], frequency: 1 };

/** The parts of a site's ad settings the ads rule reads. */
export type AdSwitches = { enabled: boolean; status: string; type: string };

/**
 * Whether the player asks for video ads: "Ads are on only when ads.enabled is set and the ad
 * status is approved"; both ad types (a googima ad tag also answers VAST, which our VAST client
 * plays without Google's SDK); never for a viewer or video `withoutAds`. The web and the TV apps
 * alike (decision 0075): the spec skips only the ad-blocker gate on TV.
 */
export function videoAdsOn(ads: AdSwitches, opts: { withoutAds: boolean }): boolean {
  const known = (AD_TYPES as readonly string[]).includes(ads.type);
  return ads.enabled && ads.status === 'approved' && known && !opts.withoutAds;
}

/**
 * "Detection is enabled only when the site's ad settings say so. It is skipped on TV." (A TV
 * browser runs no ad-blocking extension; decision 0075.)
 */
export function adBlockerGateOn(
  ads: AdSwitches & { adBlockerDetection: boolean },
  opts: { withoutAds: boolean; tv: boolean },
): boolean {
  return ads.adBlockerDetection && !opts.tv && videoAdsOn(ads, opts);
}

/** Whether the nth video started in this page session (1-based) gets ad breaks, every `frequency`. */
export function adBreakDue(nth: number, frequency: number): boolean {
  const every = Math.max(1, Math.floor(frequency) || 1);
  return nth >= 1 && (nth - 1) % every === 0;
}

/**
 * The mid-roll offsets crossed when the playhead moved forward from `previousS` to `currentS`
 * (a seek past several offsets plays only the last of them), and none when moving backwards.
 */
export function midRollDue(offsets: number[], previousS: number, currentS: number, played: Set<number>) {
  if (!(currentS > previousS)) return null;
  const crossed = offsets.filter((o) => o > 0 && o > previousS && o <= currentS && !played.has(o));
  return crossed.length ? Math.max(...crossed) : null;
}

/** The banner refresh actually used: the configured interval, never under 30 s. */
export function adBannerRefreshMs(configuredMs: number | null | undefined): number {
  return Math.max(AD_BANNER_MIN_REFRESH_MS, Number.isFinite(configuredMs) ? Number(configuredMs) : 0);
}

/** What one banner request tells the ad server (discovery-and-site §7). */
export type AdBannerMacros = {
  /** The slot's placement key. */
  placement: string;
  cacheBuster: string;
  /** The viewer's address and browser: the banner is requested by our server on their behalf. */
  ip: string;
  userAgent: string;
  /** The slot's size in CSS pixels (the ad config's `size`). */
  width: number;
  height: number;
};

/**
 * The banner ad server's URL with its macros filled (URL-encoded): [PLACEMENT], [CACHEBUSTING],
 * [IP], [UA], [WIDTH] and [HEIGHT].
 */
export function adBannerUrl(template: string, macros: AdBannerMacros): string {
  const values: Record<string, string> = {
    '[PLACEMENT]': macros.placement,
    '[CACHEBUSTING]': macros.cacheBuster,
    '[IP]': macros.ip,
    '[UA]': macros.userAgent,
    '[WIDTH]': String(macros.width),
    '[HEIGHT]': String(macros.height),
  };
  return template.replace(/\[(PLACEMENT|CACHEBUSTING|IP|UA|WIDTH|HEIGHT)\]/g, (m) =>
    encodeURIComponent(values[m]!),
  );
}

/** A banner slot's size when the ad config names none: the standard leaderboard. */
export const AD_BANNER_DEFAULT_SIZE = { width: 728, height: 90 } as const;

/** Macros a VAST ad tag URL may carry, replaced (URL-encoded) before the request. */
export type AdTagMacros = {
  videoUid: string;
  channelId: string;
  /** 'pre' or the mid-roll offset in seconds. */
  position: string;
  cacheBuster: string;
};

/**
 * Fills [VIDEO_UID], [CHANNEL_ID], [POSITION] and [CACHEBUSTING] in an ad tag URL, and the player
 * payload's macros when given (`payloadAdMacros`: [GDPR], [GDPR_CONSENT], [US_PRIVACY],
 * [IAB_CATEGORY], [LAT], [DEVICE_ID], [SITE_UID]); values URL-encoded, in one pass.
 */
export function expandAdTagUrl(
  template: string,
  macros: AdTagMacros,
  payloadMacros: Record<string, string> = {},
): string {
  const values: Record<string, string> = {
    ...payloadMacros,
    '[VIDEO_UID]': macros.videoUid,
    '[CHANNEL_ID]': macros.channelId,
    '[POSITION]': macros.position,
    '[CACHEBUSTING]': macros.cacheBuster,
  };
  return template.replace(/\[[A-Z_]+\]/g, (m) => (m in values ? encodeURIComponent(values[m]!) : m));
}

/** The stored ad settings with defaults for what older rows lack (schedule, creatives, banners). */
export function resolveVideoAdSchedule(stored: Partial<VideoAdSchedule> | null | undefined): VideoAdSchedule {
  const offsets = Array.isArray(stored?.midRollOffsets)
    ? [...new Set(stored.midRollOffsets.filter((o) => Number.isFinite(o) && o > 0))].sort((a, b) => a - b)
    : [];
  const frequency = Number.isInteger(stored?.frequency) && stored!.frequency! >= 1 ? stored!.frequency! : 1;
  return {
    preRoll: stored?.preRoll ?? DEFAULT_VIDEO_AD_SCHEDULE.preRoll,
    midRollOffsets: offsets,
    frequency,
  };
}

/** The VAST tracking events our VAST documents carry; each hits our tracking endpoint. */
export const AD_TRACKING_EVENTS = [
  'impression',
  'loaded',
  'start',
  'firstQuartile',
  'midpoint',
  'thirdQuartile',
  'complete',
  'skip',
  'error',
] as const;
export type AdTrackingEvent = (typeof AD_TRACKING_EVENTS)[number];

/**
 * The `video` analytics type each tracking event is stored as: the spec's adImpression and adLoad,
 * and for the rest the types the tracker adds beyond the spec's list (decisions 0021, 0026).
 */
export const AD_TRACKING_VIDEO_TYPES = {
  impression: 'adImpression',
  loaded: 'adLoad',
  start: 'adStart',
  firstQuartile: 'adFirstQuartile',
  midpoint: 'adMidpoint',
  thirdQuartile: 'adThirdQuartile',
  complete: 'adComplete',
  skip: 'adSkip',
  error: 'adError',
} as const satisfies Record<AdTrackingEvent, string>;

/** The `video` types only the ad tracker writes (clients may not POST them). */
export const AD_ONLY_VIDEO_EVENT_TYPES = [
  'adStart',
  'adFirstQuartile',
  'adMidpoint',
  'adThirdQuartile',
  'adComplete',
  'adSkip',
  'adError',
] as const;
export type AdOnlyVideoEventType = (typeof AD_ONLY_VIDEO_EVENT_TYPES)[number];
