import { ErrorResponse, LibraryPage, LibraryQuery, SiteParams } from '@marquee/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { requireUser } from '../../plugins/auth';
import { security } from '../../plugins/openapi';

/**
 * The signed-in viewer's library (accounts-and-commerce §2 "/library: movies and series tabs, page
 * size 10; login required"; decision 0030).
 */
export const libraryRoutes =
  (ctx: Pick<AppContext, 'library' | 'catalog'>): FastifyPluginAsyncZod =>
  async (app) => {
    // Login required: a 401 comes before any 400 about the query.
    app.addHook('preValidation', async (req) => {
      requireUser(req);
    });

    app.get(
      '/v2/me/sites/:site/library',
      {
        schema: {
          operationId: 'listLibrary',
          security: security.user,
          tags: ['me'],
          summary:
            "The movies or series the viewer's purchases entitle them to (type=movies|series), newest first, pages of 10 from 0",
          params: SiteParams,
          querystring: LibraryQuery,
          response: {
            200: LibraryPage,
            400: ErrorResponse,
            401: ErrorResponse,
            403: ErrorResponse,
            404: ErrorResponse,
          },
        },
      },
      async (req, reply) => {
        // Per-user content: never kept by a shared cache.
        void reply.header('Cache-Control', 'private, no-store');
        const { type, page, pageSize } = req.query;
        const [user, site] = [requireUser(req), await req.site()];
        const items = await ctx.library.page(user, site, type, { page, pageSize });
        return ctx.catalog.personalize(items, user, site.uid);
      },
    );
  };
