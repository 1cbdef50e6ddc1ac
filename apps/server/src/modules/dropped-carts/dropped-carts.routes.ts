import {
  DroppedCart,
  DroppedCartBody,
  DroppedCartsPage,
  DroppedCartsQuery,
  ClientQuery,
  ErrorResponse,
  SiteParams,
} from '@marquee/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { requireUser } from '../../plugins/auth';
import { security } from '../../plugins/openapi';

const refusals = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

/** Dropped carts (accounts-and-commerce §7 Profile "POST me/sites/{site}/dropped-cart"; decision 0060). */
export const droppedCartsRoutes =
  (ctx: Pick<AppContext, 'droppedCarts'>): FastifyPluginAsyncZod =>
  async (app) => {
    // Both calls need a signed-in user: a 401 comes before any 400 about the request.
    app.addHook('preValidation', async (req) => {
      requireUser(req);
    });

    app.post(
      '/v2/me/sites/:site/dropped-cart',
      {
        schema: {
          operationId: 'recordDroppedCart',
          security: security.user,
          tags: ['commerce'],
          summary:
            'The viewer left checkout of a bundle without paying: 201 a new dropped cart, 200 a repeat (times + 1); 409 when they hold the bundle',
          params: SiteParams,
          querystring: ClientQuery,
          body: DroppedCartBody,
          response: { 200: DroppedCart, 201: DroppedCart, ...refusals, 409: ErrorResponse },
        },
      },
      async (req, reply) => {
        const { cart, created } = await ctx.droppedCarts.record(requireUser(req), await req.site(), req.body);
        return reply.status(created ? 201 : 200).send(cart);
      },
    );

    app.get(
      '/v2/sites/:site/dropped-carts',
      {
        schema: {
          operationId: 'listDroppedCarts',
          security: security.admin,
          tags: ['admin'],
          summary: "The site's dropped carts, the latest drop first, with whose they are; the site's admins",
          params: SiteParams,
          querystring: DroppedCartsQuery,
          response: { 200: DroppedCartsPage, ...refusals },
        },
      },
      async (req, reply) => {
        const page = await ctx.droppedCarts.list(requireUser(req), (await req.site()).uid, req.query);
        return reply.header('cache-control', 'private, no-store').send(page);
      },
    );
  };
