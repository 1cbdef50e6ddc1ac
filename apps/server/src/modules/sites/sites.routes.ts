import { ClientQuery, ErrorResponse, SiteConfig, SiteParams } from '@marquee/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';

export const sitesRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/v2/sites/:site/config',
      {
        schema: {
          tags: ['sites'],
          summary: 'Branding, permission flags and settings the clients need',
          params: SiteParams,
          querystring: ClientQuery,
          response: { 200: SiteConfig, 404: ErrorResponse },
        },
      },
      async (req) => ctx.sites.config(req.params.site),
    );
  };
