import {
  AdBanner,
  AdBannerQuery,
  AdCreativeParams,
  AdTrackQuery,
  ClientQuery,
  ErrorResponse,
  HouseBannerQuery,
  SiteParams,
  VastQuery,
} from '@marquee/contract';
import { AD_BLOCKER_BAIT_MARKER, AD_BLOCKER_BAIT_PATH } from '@marquee/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { sendFile } from '../../media/media-files';
import { security } from '../../plugins/openapi';

const tags = ['ads'];

/** A 1×1 transparent GIF: what a tracking pixel answers. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/**
 * The bait of the ad-blocker gate: a script at a path filter lists block. It only sets a flag the
 * client checks, so a blocker that swaps in an empty script counts as blocking too.
 */
export const AD_BAIT_SCRIPT = `window.${AD_BLOCKER_BAIT_MARKER} = true;\n`;

/**
 * Our VAST server, its tracking pixels, the creatives' media and the ad-blocker bait (decision 0026);
 * banners asked for the viewer and the house banner (decision 0063).
 */
export const adsRoutes =
  (ctx: Pick<AppContext, 'ads'>): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/v2/sites/:site/ads/vast',
      {
        schema: {
          operationId: 'getVastAdBreak',
          security: security.public,
          tags,
          summary:
            "VAST 4.0 XML for one ad break of the site's creatives (position 'pre' or a mid-roll offset); " +
            '`<VAST version="4.0"/>` when ads are off, not approved or have no creative for the break',
          params: SiteParams,
          querystring: VastQuery,
          response: {
            200: z.string().describe('application/xml: a VAST 4.0 document'),
            400: ErrorResponse,
            404: ErrorResponse,
          },
        },
      },
      async (req, reply) => {
        const xml = await ctx.ads.vast(await req.site(), req.query, {
          protocol: req.protocol,
          host: req.host,
        });
        return reply
          .header('content-type', 'application/xml; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(xml);
      },
    );

    app.get(
      '/v2/sites/:site/ads/track',
      {
        schema: {
          operationId: 'trackAdEvent',
          security: security.optionalUser,
          tags,
          summary:
            'A VAST tracking pixel: records the `video` analytics event of an impression (adImpression), a load ' +
            '(adLoad), a start, quartile, completion, skip or error; answers a 1×1 GIF',
          params: SiteParams,
          querystring: AdTrackQuery,
          response: {
            200: z.any().describe('image/gif: a 1×1 transparent pixel'),
            400: ErrorResponse,
            404: ErrorResponse,
            503: ErrorResponse,
          },
        },
      },
      async (req, reply) => {
        await ctx.ads.track(await req.site(), req.query, { user: req.user, source: req.query.__source });
        return reply.header('content-type', 'image/gif').header('cache-control', 'no-store').send(PIXEL);
      },
    );

    app.get(
      '/v2/sites/:site/ads/creatives/:id/media.mp4',
      {
        schema: {
          operationId: 'getAdCreativeMedia',
          security: security.public,
          tags,
          summary: "The MP4 of a creative the site's ads host (byte ranges supported)",
          params: AdCreativeParams,
          querystring: ClientQuery,
          response: { 200: z.any().describe('video/mp4'), 404: ErrorResponse },
        },
      },
      async (req, reply) =>
        sendFile(req, reply, await ctx.ads.creativeFile(await req.site(), req.params.id), {
          contentType: 'video/mp4',
          cacheControl: 'public, max-age=3600',
        }),
    );

    app.get(
      '/v2/sites/:site/ads/banner',
      {
        schema: {
          operationId: 'getAdBanner',
          security: security.public,
          tags,
          summary:
            "One banner's markup, asked by this server of the site's banner ad server (then its fallback) with " +
            "the placement key, cache-buster, the viewer's IP and user agent and the slot's size; markup null " +
            'when neither has an ad. 404 while the site shows no banners (adBanners off, ads off or no ad server)',
          params: SiteParams,
          querystring: AdBannerQuery,
          response: { 200: AdBanner, 400: ErrorResponse, 404: ErrorResponse, 429: ErrorResponse },
        },
      },
      async (req, reply) => {
        const banner = await ctx.ads.banner(await req.site(), req.query, {
          ip: req.ip,
          userAgent: req.headers['user-agent'] ?? '',
        });
        return reply.header('cache-control', 'no-store').send(banner);
      },
    );

    app.get(
      '/v2/sites/:site/ads/house-banner',
      {
        schema: {
          operationId: 'getHouseAdBanner',
          security: security.public,
          tags,
          summary:
            "The site's own banner (an ad for its subscription, in its colours), as HTML: the ad server a site " +
            'without a third-party one points its banners at (the demo does)',
          params: SiteParams,
          querystring: HouseBannerQuery,
          response: {
            200: z.string().describe('text/html: the banner markup'),
            400: ErrorResponse,
            404: ErrorResponse,
          },
        },
      },
      async (req, reply) =>
        reply
          .header('content-type', 'text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(ctx.ads.house(await req.site(), req.query.placement ?? '')),
    );

    app.get(AD_BLOCKER_BAIT_PATH, { schema: { hide: true } }, async (_req, reply) =>
      reply
        .header('content-type', 'text/javascript; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(AD_BAIT_SCRIPT),
    );
  };
