import {
  ErrorResponse,
  SearchParams,
  SearchQuery,
  SearchResult,
  SiteParams,
  VideosSearchQuery,
  VideosSearchResponse,
} from '@marquee/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { security } from '../../plugins/openapi';

const errors = { 400: ErrorResponse, 404: ErrorResponse };
const tags = ['search'];

/** The service answers serialized JSON (kept in its cache), sent as it is. */
const sendJson = (reply: FastifyReply, body: Buffer) =>
  reply.type('application/json; charset=utf-8').send(body);

/** Search calls (discovery-and-site §7): the fuel variant and the search-host variant. */
export const searchRoutes =
  (ctx: Pick<AppContext, 'search'>): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/v2/sites/:site/videos-search',
      {
        schema: {
          operationId: 'searchVideos',
          security: security.public,
          tags,
          summary: 'Full-text search of the site’s published content',
          params: SiteParams,
          querystring: VideosSearchQuery,
          response: { 200: VideosSearchResponse, ...errors },
        },
      },
      async (req, reply) => sendJson(reply, await ctx.search.videosSearch(await req.site(), req.query)),
    );
    app.get(
      '/v2/sites/:site/search/:type',
      {
        schema: {
          operationId: 'searchByType',
          security: security.public,
          tags,
          summary: 'Search one result type (the search-host variant), with hasMore',
          params: SearchParams,
          querystring: SearchQuery,
          response: { 200: SearchResult, ...errors },
        },
      },
      async (req, reply) =>
        sendJson(reply, await ctx.search.find(await req.site(), req.params.type, req.query)),
    );
  };
