import { randomInt, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { AdCreative, AdTrackQuery, StoredAdSettings, VastQuery } from '@marquee/contract';
import { AD_TRACKING_VIDEO_TYPES, type AdTrackingEvent } from '@marquee/domain';
import { notFound } from '../../plugins/errors';
import type { AnalyticsService, EventOrigin } from '../analytics';
import type { Site } from '../sites';
import { createBannerService } from './banners';
import { buildVast, EMPTY_VAST } from './vast';

export type AdsService = ReturnType<typeof createAdsService>;

/** Where the request came from, for the absolute URLs inside a VAST document. */
export type RequestOrigin = { protocol: string; host: string };

const serves = (ads: StoredAdSettings) => ads.enabled && ads.status === 'approved';

/**
 * Our own ad server for operator-configured creatives (playback-and-social §4.3; decision 0026):
 * VAST 4 documents, their tracking pixels recorded as `video` analytics, and the creatives' media;
 * and the site's banners, asked of its ad server for the viewer (decision 0063).
 */
export function createAdsService(deps: {
  analytics: Pick<AnalyticsService, 'recordAdEvent'>;
  /** Where creatives with a `file` live (`<DATA_DIR>/ads`). */
  adsDir: string;
  /** Picks one of several eligible creatives (random by default; tests pass their own). */
  pick?: (count: number) => number;
  /** This server over loopback: where a banner URL that is a path is asked (decision 0063). */
  selfOrigin: string;
  fetch?: typeof fetch;
}) {
  const { analytics, adsDir } = deps;
  const pick = deps.pick ?? ((count: number) => randomInt(count));

  const eligible = (ads: StoredAdSettings, position: string) =>
    ads.creatives.filter((c) => c.positions.includes(position === 'pre' ? 'pre' : 'mid'));

  return {
    ...createBannerService(deps),

    /** The VAST document for one ad break: an InLine ad, or `<VAST version="4.0"/>` when none runs. */
    async vast({ uid, ads }: Site, query: VastQuery, origin: RequestOrigin): Promise<string> {
      if (!serves(ads)) return EMPTY_VAST;
      const candidates = eligible(ads, query.position);
      if (candidates.length === 0) return EMPTY_VAST;
      const creative = candidates[pick(candidates.length)]!;
      const base = `${origin.protocol}://${origin.host}/v2/sites/${encodeURIComponent(uid)}/ads`;
      const context = new URLSearchParams({
        creative: creative.id,
        videoUid: query.videoUid,
        channelId: query.channelId,
        position: query.position,
      });
      const trackingUrl = (event: AdTrackingEvent) =>
        // [ERRORCODE] stays a macro for the player to fill; it must not be URL-encoded.
        `${base}/track?event=${event}&${context}${event === 'error' ? '&code=[ERRORCODE]' : ''}`;
      return buildVast({
        creative,
        mediaUrl: creative.file
          ? `${base}/creatives/${encodeURIComponent(creative.id)}/media.mp4`
          : creative.mediaUrl!,
        trackingUrl,
        clickThrough: absolute(creative.clickThrough, origin),
        servingId: randomUUID(),
      });
    },

    /** One tracking pixel: checks the creative is the site's and records its `video` event. */
    async track({ uid, ads }: Site, query: AdTrackQuery, origin: EventOrigin): Promise<void> {
      if (!ads.creatives.some((c) => c.id === query.creative))
        throw notFound(`Ad creative '${query.creative}'`);
      await analytics.recordAdEvent(
        uid,
        { channelId: query.channelId, videoUid: query.videoUid, type: AD_TRACKING_VIDEO_TYPES[query.event] },
        origin,
      );
    },

    /** The file of a creative hosted by us (404 when unknown or hosted elsewhere). */
    async creativeFile({ ads }: Site, id: string): Promise<string> {
      const creative: AdCreative | undefined = ads.creatives.find((c) => c.id === id);
      if (!creative?.file) throw notFound(`Ad creative '${id}'`);
      return join(adsDir, creative.file);
    },
  };
}

/** A site-relative click-through ("/subscribe") made absolute for the VAST document. */
function absolute(url: string | null, origin: RequestOrigin): string | null {
  if (!url) return null;
  if (/^https?:\/\//i.test(url)) return url;
  return `${origin.protocol}://${origin.host}${url.startsWith('/') ? '' : '/'}${url}`;
}
