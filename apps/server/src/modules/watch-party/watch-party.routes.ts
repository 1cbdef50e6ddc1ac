import {
  ClientQuery,
  CreateWatchPartyQuery,
  ErrorResponse,
  UpdateWatchPartyBody,
  Video,
  WatchPartyCodeParams,
  WatchPartyParams,
  WatchPartySession,
} from '@marquee/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { requireUser } from '../../plugins/auth';
import { security } from '../../plugins/openapi';

const refusals = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

/**
 * Watch parties (playback-and-social §7 "Watch party"; decision 0046), under the site like the
 * other §7 calls (`/v2/sites/{site}/…`). `{id}` is the content's uid when creating and the party's
 * pid otherwise. Login required for every call (§6: "watch-party creation … need login"; a guest
 * follows the party over the signed-in socket).
 */
export const watchPartyRoutes =
  (ctx: Pick<AppContext, 'watchParty' | 'catalog'>): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['watch-party'];
    app.addHook('preValidation', async (req) => {
      requireUser(req);
    });

    app.post(
      '/v2/sites/:site/watch-party/:id',
      {
        schema: {
          operationId: 'createWatchParty',
          security: security.user,
          tags,
          summary:
            'Creates a party of content {id} hosted by the caller (isLive=true for a live event); refused on mobile, and for movies off desktop',
          params: WatchPartyParams,
          querystring: CreateWatchPartyQuery,
          response: { 201: WatchPartySession, ...refusals },
        },
      },
      async (req, reply) => {
        const session = await ctx.watchParty.create(requireUser(req), await req.site(), req.params.id, {
          isLive: req.query.isLive,
          source: req.query.__source,
        });
        return reply.status(201).send(session);
      },
    );

    app.get(
      '/v2/sites/:site/watch-party/:id',
      {
        schema: {
          operationId: 'getWatchParty',
          security: security.user,
          tags,
          summary: 'The party session {id}: state, host, owner, content, members, link and short code',
          params: WatchPartyParams,
          querystring: ClientQuery,
          response: { 200: WatchPartySession, ...refusals },
        },
      },
      async (req) => ctx.watchParty.get(requireUser(req), await req.site(), req.params.id),
    );

    app.patch(
      '/v2/sites/:site/watch-party/:id',
      {
        schema: {
          operationId: 'updateWatchParty',
          security: security.user,
          tags,
          summary:
            'start (host), joined (any viewer), end (host or moderator) or changeHost {hostId} (host or moderator); 410 once ended or expired',
          params: WatchPartyParams,
          querystring: ClientQuery,
          body: UpdateWatchPartyBody,
          response: { 200: WatchPartySession, ...refusals, 409: ErrorResponse, 410: ErrorResponse },
        },
      },
      async (req) =>
        ctx.watchParty.update(
          requireUser(req),
          await req.site(),
          req.params.id,
          req.body,
          req.query.__source,
        ),
    );

    app.get(
      '/v2/sites/:site/watch-party/:id/content',
      {
        schema: {
          operationId: 'getWatchPartyContent',
          security: security.user,
          tags,
          summary: "The party's video or live event, as the catalog serves it",
          params: WatchPartyParams,
          querystring: ClientQuery,
          response: { 200: Video, ...refusals },
        },
      },
      async (req) => {
        const [user, site] = [requireUser(req), await req.site()];
        return ctx.catalog.personalize(
          await ctx.watchParty.content(user, site, req.params.id),
          user,
          site.uid,
        );
      },
    );

    app.get(
      '/v2/sites/:site/watch-party-code/:code',
      {
        schema: {
          operationId: 'findWatchPartyByCode',
          security: security.user,
          tags,
          summary: 'The party of a short code (shown in the share panel, typed on a TV)',
          params: WatchPartyCodeParams,
          querystring: ClientQuery,
          response: { 200: WatchPartySession, ...refusals },
        },
      },
      async (req) => ctx.watchParty.byCode(requireUser(req), await req.site(), req.params.code),
    );
  };
