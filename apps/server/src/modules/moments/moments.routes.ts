import {
  ClientQuery,
  CreateMomentBody,
  ErrorResponse,
  Moment,
  MomentChannelParams,
  MomentCount,
  MomentList,
  MomentParams,
  MomentsQuery,
  VideoInfo,
  VideoInfoParams,
  VideoInfoQuery,
  VideoMomentsParams,
} from '@marquee/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { security } from '../../plugins/openapi';

const refusals = { 400: ErrorResponse, 404: ErrorResponse };

/** Moments, the Comments tab's timed comments (discovery-and-site §7 Moments; decision 0048). */
export const momentsRoutes =
  (ctx: Pick<AppContext, 'moments' | 'catalog'>): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['moments'];

    app.post(
      '/api/moments/:channel/none',
      {
        schema: {
          operationId: 'createMoment',
          security: security.user,
          tags,
          summary: "Adds a comment at a time of the video (login: 'You must be logged in to add comment')",
          params: MomentChannelParams,
          querystring: ClientQuery,
          body: CreateMomentBody,
          response: { 201: Moment, ...refusals, 401: ErrorResponse, 403: ErrorResponse, 429: ErrorResponse },
        },
      },
      async (req, reply) => {
        const moment = await ctx.moments.create(
          await req.site(),
          req.user ?? null,
          req.params.channel,
          req.body,
        );
        return reply.status(201).send(moment);
      },
    );

    app.get(
      '/v2/sites/:site/videos/:id/moments',
      {
        schema: {
          operationId: 'listMoments',
          security: security.public,
          tags,
          summary: 'The moments from timemarker up to lt (400 s on by default), in time order',
          params: VideoMomentsParams,
          querystring: MomentsQuery,
          response: { 200: MomentList, ...refusals },
        },
      },
      async (req) => ctx.moments.list((await req.site()).uid, req.params.id, req.query),
    );

    app.get(
      '/v2/sites/:site/moments/:id/count',
      {
        schema: {
          operationId: 'countMoments',
          security: security.public,
          tags,
          summary: 'How many moments the video has',
          params: VideoMomentsParams,
          querystring: ClientQuery,
          response: { 200: MomentCount, ...refusals },
        },
      },
      async (req) => ctx.moments.count((await req.site()).uid, req.params.id),
    );

    app.get(
      '/v2/sites/:site/videos/:id/moments/:momentId',
      {
        schema: {
          operationId: 'getMoment',
          security: security.public,
          tags,
          summary: 'One moment of the video (a ?tag= link seeks to it)',
          params: MomentParams,
          querystring: ClientQuery,
          response: { 200: Moment, ...refusals },
        },
      },
      async (req) => ctx.moments.get((await req.site()).uid, req.params.id, req.params.momentId),
    );

    app.get(
      '/v1/video/uid/:uid/info',
      {
        schema: {
          operationId: 'getVideoShareInfo',
          security: security.public,
          tags,
          summary: 'The video with the moment (momentId) or gif (gifId) a shared link names',
          params: VideoInfoParams,
          querystring: VideoInfoQuery,
          response: { 200: VideoInfo, ...refusals },
        },
      },
      async (req) => {
        const site = (await req.site()).uid;
        return ctx.catalog.personalize(
          await ctx.moments.info(site, req.params.uid, req.query),
          req.user,
          site,
        );
      },
    );
  };
