import { ErrorResponse, OembedQuery, OembedVideo } from '@marquee/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { createOembedService } from './oembed.service';
import { security } from '../../plugins/openapi';

/** GET /oembed: oEmbed discovery target of the watch pages (playback-and-social §2.2). */
export const oembedRoutes =
  (ctx: Pick<AppContext, 'catalog'>): FastifyPluginAsyncZod =>
  async (app) => {
    const oembed = createOembedService({ video: (site, uid) => ctx.catalog.video(site, uid) });
    app.get(
      '/oembed',
      {
        schema: {
          operationId: 'getOembed',
          security: security.public,
          tags: ['playback'],
          summary: "oEmbed 1.0 JSON (type video) for one of this site's watch URLs",
          querystring: OembedQuery,
          response: { 200: OembedVideo, 400: ErrorResponse, 404: ErrorResponse, 501: ErrorResponse },
        },
      },
      async (req, reply) => {
        const site = await req.site();
        const body = await oembed.describe(site, req.headers.host, req.query);
        // Consumers fetch it cross-origin and cache it.
        void reply.header('access-control-allow-origin', '*').header('cache-control', 'public, max-age=300');
        return body;
      },
    );
  };
