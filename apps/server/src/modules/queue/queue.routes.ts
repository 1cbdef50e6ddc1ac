import { ErrorResponse, Queue, QueueParams, QueueQuery, SiteParams } from '@marquee/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { requireUser } from '../../plugins/auth';
import { security } from '../../plugins/openapi';

/**
 * The watch screen's queue (playback-and-social §3 Queue, §7 queue loaders; the paths are ours,
 * decision 0062): the catalog's loaders under the site, the watch list under the viewer.
 */
export const queueRoutes =
  (ctx: Pick<AppContext, 'queues' | 'catalog'>): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/v2/sites/:site/queues/:type/:id',
      {
        schema: {
          operationId: 'getQueue',
          security: security.optionalUser,
          tags: ['catalog'],
          summary:
            "One page of a watch screen's queue (id, type, items, page, totalPages, hasMore), pages of 20 from 0. type: liveEventChannel (a channel's live events), movieExtras (a movie's extras and trailers), seriesExtras, playlist, movieChannel, dynamicMovieChannel (id recent, popular, recommended or their -movies), seriesEpisodes (a series uid), seriesByDynamicEpisode (an episode uid: its series' episodes), videoChannel, dynamicVideoChannel",
          params: QueueParams,
          querystring: QueueQuery,
          response: { 200: Queue, 400: ErrorResponse, 404: ErrorResponse },
        },
      },
      async (req, reply) => {
        // A recommended dynamic queue is the signed-in viewer's own.
        if (req.user) void reply.header('Cache-Control', 'private, no-store');
        const { type, id } = req.params;
        const { page, pageSize } = req.query;
        const site = (await req.site()).uid;
        const queue = await ctx.queues.catalogQueue(site, type, id, { page, pageSize }, req.user ?? null);
        return ctx.catalog.personalize(queue, req.user, site);
      },
    );

    app.get(
      '/v2/me/sites/:site/queues/watch-list',
      {
        // Login required: a 401 comes before any 400 about the query.
        preValidation: async (req) => {
          requireUser(req);
        },
        schema: {
          operationId: 'getWatchListQueue',
          security: security.user,
          tags: ['me'],
          summary:
            "The viewer's watch list as a watch-screen queue (type watchList, id me), newest first, pages of 20 from 0; a series gives its next unfinished episode",
          params: SiteParams,
          querystring: QueueQuery,
          response: {
            200: Queue,
            400: ErrorResponse,
            401: ErrorResponse,
            403: ErrorResponse,
            404: ErrorResponse,
          },
        },
      },
      async (req, reply) => {
        void reply.header('Cache-Control', 'private, no-store');
        const { page, pageSize } = req.query;
        const [user, site] = [requireUser(req), await req.site()];
        const queue = await ctx.queues.watchListQueue(user, site, { page, pageSize });
        return ctx.catalog.personalize(queue, user, site.uid);
      },
    );
  };
