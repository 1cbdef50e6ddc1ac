import {
  ChannelPage,
  ChannelsQuery,
  DynamicAllQuery,
  DynamicParams,
  EpisodesQuery,
  LiveEventsQuery,
  MoviesQuery,
  SeriesListQuery,
  SeriesPage,
  SiteIdParams,
  SiteParams,
  VideoPage,
  VideosQuery,
} from '@marquee/contract';
import { pascal, security } from '../../plugins/openapi';
import { errors, logLevel, tags, type CatalogApp, type CatalogRouteKit } from './catalog-route-kit';

/** Channels and dynamic (pseudo-)channels. */
export function channelRoutes(app: CatalogApp, { catalog, send, site }: CatalogRouteKit) {
  // ---------- channels ----------
  app.get(
    '/v2/sites/:site/channels',
    {
      logLevel,
      schema: {
        operationId: 'listChannels',
        security: security.public,
        tags,
        summary: 'Channels of the site',
        params: SiteParams,
        querystring: ChannelsQuery,
        response: { 200: ChannelPage, ...errors },
      },
    },
    async (req, reply) => send(req, reply, await catalog.channels(await site(req), req.query)),
  );
  app.get(
    '/v2/sites/:site/channels/:id/videos',
    {
      logLevel,
      schema: {
        operationId: 'listChannelVideos',
        security: security.public,
        tags,
        summary: "A channel's videos, newest first",
        params: SiteIdParams,
        querystring: VideosQuery,
        response: { 200: VideoPage, ...errors },
      },
    },
    async (req, reply) =>
      send(req, reply, await catalog.channelVideos(await site(req), req.params.id, req.query)),
  );
  app.get(
    '/v2/sites/:site/channels/:id/movies',
    {
      logLevel,
      schema: {
        operationId: 'listChannelMovies',
        security: security.public,
        tags,
        summary: "A channel's movies, newest first",
        params: SiteIdParams,
        querystring: MoviesQuery,
        response: { 200: VideoPage, ...errors },
      },
    },
    async (req, reply) =>
      send(req, reply, await catalog.channelMovies(await site(req), req.params.id, req.query)),
  );
  app.get(
    '/v2/sites/:site/channels/:id/series',
    {
      logLevel,
      schema: {
        operationId: 'listChannelSeries',
        security: security.public,
        tags,
        summary: "A channel's series, newest first",
        params: SiteIdParams,
        querystring: SeriesListQuery,
        response: { 200: SeriesPage, ...errors },
      },
    },
    async (req, reply) =>
      send(req, reply, await catalog.channelSeries(await site(req), req.params.id, req.query)),
  );
  app.get(
    '/v2/sites/:site/channels/:id/live-events',
    {
      logLevel,
      schema: {
        operationId: 'listChannelLiveEvents',
        security: security.public,
        tags,
        summary:
          "A channel's listed live events (public or requires login, status public or pending, not ended), by start",
        params: SiteIdParams,
        querystring: LiveEventsQuery,
        response: { 200: VideoPage, ...errors },
      },
    },
    async (req, reply) =>
      send(req, reply, await catalog.channelLiveEvents(await site(req), req.params.id, req.query)),
  );

  // ---------- dynamic pseudo-channels ----------
  for (const [list, querystring] of [
    ['videos', VideosQuery],
    ['movies', MoviesQuery],
    ['episodes', EpisodesQuery],
    ['all', DynamicAllQuery],
  ] as const) {
    app.get(
      `/v2/sites/:site/dynamic-channels/:id/${list}`,
      {
        logLevel,
        schema: {
          operationId: `listDynamicChannel${pascal(list)}`,
          security: security.optionalUser,
          tags,
          summary: `Dynamic channel ${list}: recent = newest published; popular = plays of the last 30 days, then all-time plays, then newest; recommended = for a signed-in viewer (bearer token; never cached) items co-watched with their history, then sharing its tags/genres, then the global order without what they finished, else likes + 2 × favorites, then plays, then newest`,
          params: DynamicParams,
          querystring,
          response: { 200: VideoPage, ...errors },
        },
      },
      async (req, reply) =>
        send(req, reply, await catalog.dynamic(await site(req), req.params.id, list, req.query, req.user)),
    );
  }
}
