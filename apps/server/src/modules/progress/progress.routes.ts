import {
  ClientQuery,
  ErrorResponse,
  ProgressItemParams,
  ProgressList,
  ProgressListQuery,
  SaveProgressBody,
  SaveProgressResponse,
  SiteParams,
} from '@marquee/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireUser } from '../../plugins/auth';
import { security } from '../../plugins/openapi';
import { ownSite } from '../sites';

const tags = ['me'];
const refusals = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

/** Watch progress of the signed-in viewer on their own site (playback-and-social §7 Progress). */
export const progressRoutes =
  (ctx: Pick<AppContext, 'progress' | 'catalog'>): FastifyPluginAsyncZod =>
  async (app) => {
    /** The user and the site uid, after checking the path names the user's own site. */
    const viewer = async (req: FastifyRequest) => {
      const user = requireUser(req);
      return { userId: user.id, site: ownSite(await req.site(), user) };
    };

    app.get(
      '/v2/me/sites/:site/history-progress',
      {
        schema: {
          operationId: 'listProgress',
          security: security.user,
          tags,
          summary: 'Saved positions, newest first; unfinished=true is continue watching',
          params: SiteParams,
          querystring: ProgressListQuery,
          response: { 200: ProgressList, ...refusals },
        },
      },
      async (req) => {
        const { userId, site } = await viewer(req);
        return ctx.catalog.personalize(await ctx.progress.list(userId, site, req.query), req.user, site);
      },
    );

    app.post(
      '/v2/me/sites/:site/history-progress',
      {
        schema: {
          operationId: 'saveProgress',
          security: security.user,
          tags,
          summary: "Saves the player's batch of positions (the server decides finished)",
          params: SiteParams,
          querystring: ClientQuery,
          body: SaveProgressBody,
          response: { 200: SaveProgressResponse, ...refusals },
        },
      },
      async (req) => {
        const { userId, site } = await viewer(req);
        return ctx.progress.save(userId, site, req.body);
      },
    );

    app.delete(
      '/v2/me/sites/:site/history-progress/:id',
      {
        schema: {
          operationId: 'deleteProgress',
          security: security.user,
          tags,
          summary: 'Forgets the position in one video',
          params: ProgressItemParams,
          querystring: ClientQuery,
          response: { 204: z.null(), ...refusals },
        },
      },
      async (req, reply) => {
        const { userId, site } = await viewer(req);
        await ctx.progress.remove(userId, site, req.params.id);
        return reply.status(204).send(null);
      },
    );
  };
