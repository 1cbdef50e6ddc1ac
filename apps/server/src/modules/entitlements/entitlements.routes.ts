import { ErrorResponse, Grant, GrantBody, GrantParams, GrantUserParams, SiteParams } from '@marquee/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireUser } from '../../plugins/auth';
import { security } from '../../plugins/openapi';
import { ownSite } from '../sites';

const tags = ['admin'];
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

/** Operators' complimentary grants (decision 0025; a site admin's bearer token), and the viewer's cache clear. */
export const entitlementsRoutes =
  (ctx: Pick<AppContext, 'entitlements'>): FastifyPluginAsyncZod =>
  async (app) => {
    // 401 comes before any 400: an anonymous caller learns nothing about the body's rules.
    app.addHook('onRequest', async (req) => {
      requireUser(req);
    });

    app.post(
      '/v2/admin/sites/:site/users/:userId/grants',
      {
        schema: {
          operationId: 'grantBundle',
          security: security.admin,
          tags,
          summary: "Grants the user a bundle at no cost (a purchase with gateway 'comp'); the site's admins",
          params: GrantUserParams,
          body: GrantBody,
          response: { 201: Grant, ...errors },
        },
      },
      async (req, reply) => {
        const admin = requireUser(req);
        const { uid } = await req.site();
        return reply.status(201).send(await ctx.entitlements.grant(uid, admin, req.params.userId, req.body));
      },
    );

    app.delete(
      '/v2/admin/sites/:site/users/:userId/grants/:purchaseId',
      {
        schema: {
          operationId: 'revokeGrant',
          security: security.admin,
          tags,
          summary: "Revokes a complimentary grant at once; the site's admins",
          params: GrantParams,
          response: { 204: z.null().describe('Revoked'), ...errors },
        },
      },
      async (req, reply) => {
        const admin = requireUser(req);
        const { uid } = await req.site();
        await ctx.entitlements.revoke(uid, admin, req.params.userId, req.params.purchaseId);
        return reply.status(204).send(null);
      },
    );

    app.delete(
      '/v2/me/sites/:site/cached-purchases',
      {
        schema: {
          operationId: 'clearMyCachedPurchases',
          security: security.user,
          tags: ['commerce'],
          summary:
            'Drops the cached purchases of the viewer on their site, on every node, so a purchase written elsewhere (a webhook) shows at once (decision 0055)',
          params: SiteParams,
          response: { 204: z.null().describe('Cleared'), ...errors },
        },
      },
      async (req, reply) => {
        const user = requireUser(req);
        ctx.entitlements.refresh(ownSite(await req.site(), user), user.id);
        return reply.status(204).send(null);
      },
    );
  };
