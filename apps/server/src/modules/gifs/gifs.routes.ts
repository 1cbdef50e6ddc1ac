import { join } from 'node:path';
import {
  CreateGifBody,
  ErrorResponse,
  Gif,
  GifCount,
  GifFileParams,
  GifList,
  GifListQuery,
  GifParams,
  GifVideoParams,
  SiteGifParams,
  ClientQuery,
} from '@marquee/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { GIF_FILES } from '../../media/gif';
import { sendFile } from '../../media/media-files';
import { requireUser, type AuthUser } from '../../plugins/auth';
import { security } from '../../plugins/openapi';

const refusals = { 400: ErrorResponse, 404: ErrorResponse };
/** A rendered gif never changes: cached a day by browsers and a year by shared caches. */
const CACHE_GIF = 'public, max-age=86400, s-maxage=31536000, immutable';

/** Gifs (discovery-and-site §7 Gifs; decision 0047). */
export const gifsRoutes =
  (ctx: Pick<AppContext, 'gifs' | 'config' | 'roles'>): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['gifs'];
    /** Staff of the site may still fetch a hidden gif to review it (decision 0054). */
    const mayReview = async (user: AuthUser | null, siteUid: string) =>
      !!user && (await ctx.roles.can(user, siteUid, 'content.moderate'));

    app.post(
      '/api/gifs/video/:id',
      {
        schema: {
          operationId: 'createGif',
          security: security.user,
          tags,
          summary:
            'Queues a gif of 1–15 s of a video the viewer may watch, with top and bottom meme text (202, processing)',
          params: GifVideoParams,
          querystring: ClientQuery,
          body: CreateGifBody,
          response: {
            202: Gif,
            ...refusals,
            401: ErrorResponse,
            403: ErrorResponse,
            409: ErrorResponse,
            429: ErrorResponse,
          },
        },
      },
      async (req, reply) => {
        const user = requireUser(req);
        const gif = await ctx.gifs.create(await req.site(), user, req.params.id, req.body);
        return reply.status(202).send(gif);
      },
    );

    app.get(
      '/api/gifs/video/:id',
      {
        schema: {
          operationId: 'listGifs',
          security: security.public,
          tags,
          summary: "The video's gifs: from startTime on by start, else the newest first (50 at most)",
          params: GifVideoParams,
          querystring: GifListQuery,
          response: { 200: GifList, ...refusals },
        },
      },
      async (req) => ctx.gifs.list((await req.site()).uid, req.params.id, req.query),
    );

    app.get(
      '/api/gifs/video/:id/count',
      {
        schema: {
          operationId: 'countGifs',
          security: security.public,
          tags,
          summary: 'How many gifs of the video are made',
          params: GifVideoParams,
          querystring: ClientQuery,
          response: { 200: GifCount, ...refusals },
        },
      },
      async (req) => ctx.gifs.count((await req.site()).uid, req.params.id),
    );

    app.get(
      '/v2/sites/:site/videos/:id/gifs/:gifId',
      {
        schema: {
          operationId: 'getGif',
          security: security.public,
          tags,
          summary: 'One gif in any state: processing (isProcessed false), Success with its urls, or Error',
          params: GifParams,
          querystring: ClientQuery,
          response: { 200: Gif, ...refusals },
        },
      },
      async (req) => ctx.gifs.get((await req.site()).uid, req.params.id, req.params.gifId),
    );

    app.get(
      '/v2/sites/:site/gifs/:gifId',
      {
        schema: {
          operationId: 'getSiteGif',
          security: security.optionalUser,
          tags,
          summary:
            'One gif by its id alone (the gif page, main.gif {gifId}), in any state; a hidden one for staff only',
          params: SiteGifParams,
          querystring: ClientQuery,
          response: { 200: Gif, ...refusals },
        },
      },
      async (req) => {
        const siteUid = (await req.site()).uid;
        return ctx.gifs.get(siteUid, null, req.params.gifId, await mayReview(req.user, siteUid));
      },
    );

    app.get(
      '/v2/gifs/:gifId/:file',
      {
        schema: {
          operationId: 'getGifFile',
          security: security.optionalUser,
          tags,
          summary:
            "A rendered gif's animation (image/gif) or still (image/jpeg); 404 until it is rendered, and when hidden but for staff",
          params: GifFileParams,
          response: { 404: ErrorResponse },
        },
      },
      async (req, reply) => {
        await ctx.gifs.requireRendered(req.params.gifId, (siteUid) => mayReview(req.user, siteUid));
        const animation = req.params.file === GIF_FILES.animation;
        return sendFile(req, reply, join(ctx.config.gifsDir, req.params.gifId, req.params.file), {
          contentType: animation ? 'image/gif' : 'image/jpeg',
          cacheControl: CACHE_GIF,
        });
      },
    );
  };
