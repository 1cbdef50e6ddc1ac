import { ClientQuery, PurchaseLink, PurchaseLinkParams } from '@marquee/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { security } from '../../../plugins/openapi';
import { AppError } from '../../../plugins/errors';
import type { CatalogService } from '../../catalog';
import { webOrigin } from '../web-origin';
import { refusals } from '../route-schemas';

/** The web page where a TV app's viewer buys access to a video (accounts-and-commerce §2). */
export const purchaseLinkRoutes =
  ({ catalog }: { catalog: Pick<CatalogService, 'video'> }): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['commerce'];
    app.post(
      '/v2/sites/:site/platform/:platform/video/:id/getPurchaseLink',
      {
        schema: {
          operationId: 'getPurchaseLink',
          security: security.public,
          tags,
          summary: 'The web page where a TV app’s viewer buys access to a video',
          params: PurchaseLinkParams,
          querystring: ClientQuery,
          response: { 200: PurchaseLink, ...refusals },
        },
      },
      async (req) => {
        const site = await req.site();
        const video = await catalog.video(site.uid, req.params.id).catch((err: unknown) => {
          if (err instanceof AppError && err.statusCode === 404)
            throw new AppError(404, 'notFound', 'Video not found', 'id');
          throw err;
        });
        const origin = webOrigin(site, req);
        const q = new URLSearchParams({ platform: req.params.platform });
        return {
          link: `${origin}/subscribe/${encodeURIComponent(video.type)}/${encodeURIComponent(video.uid)}?${q.toString()}`,
        };
      },
    );
  };
