import {
  AddToWatchListBody,
  ClientQuery,
  ErrorResponse,
  FavoriteFlags,
  FavoriteFlagsQuery,
  FavoriteParams,
  MyVideos,
  MyVideosParams,
  MyVideosQuery,
  SetFavoriteBody,
  SiteParams,
  UserFavorite,
  WatchList,
  WatchListItem,
  WatchListItemParams,
  WatchListQuery,
} from '@marquee/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireUser } from '../../plugins/auth';
import { security } from '../../plugins/openapi';

const refusals = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

/**
 * The signed-in viewer's watch list on their own site (playback-and-social §7 Watch list) and their
 * favorites (§7 Videos: videos/{uid}/user-favorites). Login required for every call.
 */
export const watchListRoutes =
  (ctx: Pick<AppContext, 'watchList' | 'favorites' | 'catalog'>): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['me'];
    // Every call needs a signed-in viewer: a 401 comes before any 400 about the request.
    app.addHook('preValidation', async (req) => {
      requireUser(req);
    });

    app.get(
      '/v2/me/sites/:site/watch-list',
      {
        schema: {
          operationId: 'listWatchList',
          security: security.user,
          tags,
          summary:
            'The watch list, newest first (pageSize 1000); a series carries its next unfinished episode',
          params: SiteParams,
          querystring: WatchListQuery,
          response: { 200: WatchList, ...refusals },
        },
      },
      async (req) => {
        const [user, site] = [requireUser(req), await req.site()];
        return ctx.catalog.personalize(await ctx.watchList.list(user, site, req.query), user, site.uid);
      },
    );

    app.get(
      '/v2/me/sites/:site/videos/:type',
      {
        schema: {
          operationId: 'listMyVideos',
          security: security.user,
          tags,
          summary:
            "The viewer's videos of a type, paginated: favorites (newest first) or history (most recently watched first); the spec's videos/{type}?page, decision 0060",
          params: MyVideosParams,
          querystring: MyVideosQuery,
          response: { 200: MyVideos, ...refusals },
        },
      },
      async (req, reply) => {
        const [user, site] = [requireUser(req), await req.site()];
        const videos = await ctx.favorites.videos(user, site, req.params.type, req.query);
        const page = await ctx.catalog.personalize(videos, user, site.uid);
        return reply.header('cache-control', 'private, no-store').send(page);
      },
    );

    app.post(
      '/v2/me/sites/:site/watch-list',
      {
        schema: {
          operationId: 'addToWatchList',
          security: security.user,
          tags,
          summary:
            'Adds a video or a series by contentId (201); one already there answers 200 with the existing item',
          params: SiteParams,
          querystring: ClientQuery,
          body: AddToWatchListBody,
          response: { 200: WatchListItem, 201: WatchListItem, ...refusals, 409: ErrorResponse },
        },
      },
      async (req, reply) => {
        const [user, site] = [requireUser(req), await req.site()];
        const { item, created } = await ctx.watchList.add(user, site, req.body);
        return reply.status(created ? 201 : 200).send(await ctx.catalog.personalize(item, user, site.uid));
      },
    );

    app.delete(
      '/v2/me/sites/:site/watch-list/:id',
      {
        schema: {
          operationId: 'removeFromWatchList',
          security: security.user,
          tags,
          summary: 'Removes an item, by its id or its contentId',
          params: WatchListItemParams,
          querystring: ClientQuery,
          response: { 204: z.null(), ...refusals },
        },
      },
      async (req, reply) => {
        await ctx.watchList.remove(requireUser(req), await req.site(), req.params.id);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/v2/me/sites/:site/favorites',
      {
        schema: {
          operationId: 'listFavoriteFlags',
          security: security.user,
          tags,
          summary: 'Which of the named videos (uids, comma-separated, at most 100) the viewer favorited',
          params: SiteParams,
          querystring: FavoriteFlagsQuery,
          response: { 200: FavoriteFlags, ...refusals },
        },
      },
      async (req) => ctx.favorites.flags(requireUser(req), await req.site(), req.query.uids),
    );

    app.get(
      '/v2/sites/:site/videos/:uid/user-favorites',
      {
        schema: {
          operationId: 'getFavorite',
          security: security.user,
          tags,
          summary: "Whether the viewer favorited the video, and the video's favorites count",
          params: FavoriteParams,
          querystring: ClientQuery,
          response: { 200: UserFavorite, ...refusals },
        },
      },
      async (req) => ctx.favorites.get(requireUser(req), await req.site(), req.params.uid),
    );

    app.post(
      '/v2/sites/:site/videos/:uid/user-favorites',
      {
        schema: {
          operationId: 'setFavorite',
          security: security.user,
          tags,
          summary: 'Sets the viewer’s favorite {favorite} (idempotent); answers the flag and the new count',
          params: FavoriteParams,
          querystring: ClientQuery,
          body: SetFavoriteBody,
          response: { 200: UserFavorite, ...refusals },
        },
      },
      async (req) => ctx.favorites.set(requireUser(req), await req.site(), req.params.uid, req.body.favorite),
    );
  };
