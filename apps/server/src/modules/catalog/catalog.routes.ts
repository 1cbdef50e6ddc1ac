import {
  AssetParams,
  ChannelPage,
  ChannelsQuery,
  ClientQuery,
  DirectoryQuery,
  DiscoverAsset,
  DiscoverQuery,
  DynamicAllQuery,
  DynamicParams,
  EpgAsset,
  EpgAssetQuery,
  EpgWindowQuery,
  EpisodesQuery,
  ErrorResponse,
  FavoritesCount,
  LiveChannel,
  LiveChannelList,
  LiveEventsQuery,
  MovieDetail,
  MoviesQuery,
  Playlist,
  Season,
  SeasonList,
  SeasonParams,
  SeasonsQuery,
  SeriesDetail,
  SeriesEpisodesQuery,
  SeriesListQuery,
  SeriesPage,
  SiteIdParams,
  SiteParams,
  SiteUidParams,
  TabAsset,
  Video,
  VideoPage,
  VideosQuery,
} from '@marquee/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { EncodedBody } from '../../plugins/compression';
import { pascal, security } from '../../plugins/openapi';

const JSON_TYPE = 'application/json; charset=utf-8';
const errors = { 400: ErrorResponse, 404: ErrorResponse };
/**
 * Catalog reads are the hottest calls; their per-request access log is left to the proxy in front.
 * Warnings and errors are still logged.
 */
const logLevel = 'warn';

/** Sends a JSON body compressed for the client when it is worth it (a cached body is compressed once). */
function sendEncoded(req: FastifyRequest, reply: FastifyReply, body: EncodedBody) {
  const { bytes, encoding } = body.for(req.headers['accept-encoding']);
  reply.type(JSON_TYPE).header('vary', 'accept-encoding');
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(bytes as never);
}

/** Site-scoped paths name their site; /api/… paths resolve it from the host, so the host is part of their key. */
const cacheKey = (req: FastifyRequest) =>
  req.url.startsWith('/v2/') ? req.url : `${req.hostname}${req.url}`;

/**
 * A recommended dynamic list asked with a bearer token is the viewer's own (decision 0018): it is
 * neither answered from nor put in the shared cache, and is marked private for any cache in front.
 */
const isPersonal = (req: FastifyRequest) =>
  req.user !== null && /^\/v2\/sites\/[^/]+\/dynamic-channels\/recommended[^/]*\//.test(req.url);

/**
 * The catalog's public read API (discovery-and-site §7). Each successful response is serialized once
 * and kept in the service's response cache; a repeat within the TTL is answered by the onRequest hook
 * before validation, routing work or any query.
 */
export const catalogRoutes =
  ({ catalog }: Pick<AppContext, 'catalog'>): FastifyPluginAsyncZod =>
  async (app) => {
    const cache = catalog.responseCache;

    app.addHook('onRequest', (req, reply, done) => {
      if (req.method === 'GET' && !isPersonal(req)) {
        const hit = cache.get(cacheKey(req));
        if (hit !== undefined) {
          sendEncoded(req, reply, hit);
          return;
        }
      }
      done();
    });

    /** Serializes once, caches, and sends the JSON (no per-request serializer run). */
    const send = (req: FastifyRequest, reply: FastifyReply, value: unknown) => {
      const body = Buffer.from(JSON.stringify(value));
      if (!isPersonal(req)) return sendEncoded(req, reply, cache.set(cacheKey(req), body));
      reply.header('cache-control', 'private, no-store').header('vary', 'authorization');
      return sendEncoded(req, reply, new EncodedBody(body));
    };
    /** The request's site uid (a 404 naming an unknown one). */
    const site = async (req: FastifyRequest) => (await req.site()).uid;
    const tags = ['catalog'];

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

    // ---------- videos and movies ----------
    app.get(
      '/v2/sites/:site/videos/:uid',
      {
        logLevel,
        schema: {
          operationId: 'getVideo',
          security: security.public,
          tags,
          summary: 'One video, normalized',
          params: SiteUidParams,
          querystring: ClientQuery,
          response: { 200: Video, ...errors },
        },
      },
      async (req, reply) => send(req, reply, await catalog.video(await site(req), req.params.uid)),
    );
    app.get(
      '/v2/sites/:site/videos/:uid/recommended',
      {
        logLevel,
        schema: {
          operationId: 'listVideoRecommendations',
          security: security.public,
          tags,
          summary:
            'More like this (our addition, not in the spec): items viewers of this one also watched, then items sharing its tags/genres, then the global recommended order',
          params: SiteUidParams,
          querystring: VideosQuery,
          response: { 200: VideoPage, ...errors },
        },
      },
      async (req, reply) =>
        send(req, reply, await catalog.moreLikeThis(await site(req), req.params.uid, req.query)),
    );
    app.get(
      '/v2/sites/:site/videos/:uid/favorites-count',
      {
        logLevel,
        schema: {
          operationId: 'getVideoFavoritesCount',
          security: security.public,
          tags,
          summary: 'How many users favorited a video (exact: never served from the response cache)',
          params: SiteUidParams,
          querystring: ClientQuery,
          response: { 200: FavoritesCount, ...errors },
        },
      },
      // Not cached: a favorite toggle changes it at once (decision 0019).
      async (req) => catalog.favoritesCount(await site(req), req.params.uid),
    );
    app.get(
      '/v2/sites/:site/movie/:uid',
      {
        logLevel,
        schema: {
          operationId: 'getMovie',
          security: security.public,
          tags,
          summary: 'A movie with its extras and trailers',
          params: SiteUidParams,
          querystring: ClientQuery,
          response: { 200: MovieDetail, ...errors },
        },
      },
      async (req, reply) => send(req, reply, await catalog.movie(await site(req), req.params.uid)),
    );
    app.get(
      '/v2/sites/:site/movies/:id/extras',
      {
        logLevel,
        schema: {
          operationId: 'listMovieExtras',
          security: security.public,
          tags,
          summary: "A movie's extras and trailers",
          params: SiteIdParams,
          querystring: VideosQuery,
          response: { 200: VideoPage, ...errors },
        },
      },
      async (req, reply) =>
        send(req, reply, await catalog.movieExtras(await site(req), req.params.id, req.query)),
    );

    // ---------- series ----------
    app.get(
      '/v2/sites/:site/series/:uid',
      {
        logLevel,
        schema: {
          operationId: 'getSeries',
          security: security.public,
          tags,
          summary: 'A series with its seasons and episodes',
          params: SiteUidParams,
          querystring: ClientQuery,
          response: { 200: SeriesDetail, ...errors },
        },
      },
      async (req, reply) => send(req, reply, await catalog.series(await site(req), req.params.uid)),
    );
    app.get(
      '/v2/sites/:site/series/:uid/episodes',
      {
        logLevel,
        schema: {
          operationId: 'listSeriesEpisodes',
          security: security.public,
          tags,
          summary: "A series' episodes, by season and episode",
          params: SiteUidParams,
          querystring: SeriesEpisodesQuery,
          response: { 200: VideoPage, ...errors },
        },
      },
      async (req, reply) =>
        send(
          req,
          reply,
          await catalog.seriesEpisodes(await site(req), req.params.uid, req.query.season, req.query),
        ),
    );
    app.get(
      '/v2/sites/:site/series/:uid/extras',
      {
        logLevel,
        schema: {
          operationId: 'listSeriesExtras',
          security: security.public,
          tags,
          summary: "A series' extras",
          params: SiteUidParams,
          querystring: VideosQuery,
          response: { 200: VideoPage, ...errors },
        },
      },
      async (req, reply) =>
        send(req, reply, await catalog.seriesExtras(await site(req), req.params.uid, req.query)),
    );
    app.get(
      '/v2/sites/:site/series/:uid/seasons',
      {
        logLevel,
        schema: {
          operationId: 'listSeriesSeasons',
          security: security.public,
          tags,
          summary: "A series' seasons with episode counts",
          params: SiteUidParams,
          querystring: SeasonsQuery,
          response: { 200: SeasonList, ...errors },
        },
      },
      async (req, reply) =>
        send(req, reply, await catalog.seasons(await site(req), req.params.uid, req.query.skipEmpty)),
    );
    app.get(
      '/v2/sites/:site/series/:uid/seasons/:n',
      {
        logLevel,
        schema: {
          operationId: 'getSeason',
          security: security.public,
          tags,
          summary: 'One season with its episodes',
          params: SeasonParams,
          querystring: SeasonsQuery,
          response: { 200: Season, ...errors },
        },
      },
      async (req, reply) =>
        send(req, reply, await catalog.season(await site(req), req.params.uid, req.params.n)),
    );

    // ---------- playlists ----------
    app.get(
      '/v2/sites/:site/playlists/:uid',
      {
        logLevel,
        schema: {
          operationId: 'getPlaylist',
          security: security.public,
          tags,
          summary: 'A playlist with a page of its items',
          params: SiteUidParams,
          querystring: VideosQuery,
          response: { 200: Playlist, ...errors },
        },
      },
      async (req, reply) =>
        send(req, reply, await catalog.playlist(await site(req), req.params.uid, req.query)),
    );

    // ---------- live ----------
    app.get(
      '/v2/sites/:site/live-channels',
      {
        logLevel,
        schema: {
          operationId: 'listLiveChannels',
          security: security.public,
          tags,
          summary: 'Live channels with their EPG entries in a window (default now-1h..now+6h, at most 48 h)',
          params: SiteParams,
          querystring: EpgWindowQuery,
          response: { 200: LiveChannelList, ...errors },
        },
      },
      async (req, reply) => send(req, reply, await catalog.liveChannels(await site(req), req.query)),
    );
    app.get(
      '/v2/sites/:site/live-channels/:id',
      {
        logLevel,
        schema: {
          operationId: 'getLiveChannel',
          security: security.public,
          tags,
          summary: 'One live channel with its EPG entries in a window',
          params: SiteIdParams,
          querystring: EpgWindowQuery,
          response: { 200: LiveChannel, ...errors },
        },
      },
      async (req, reply) =>
        send(req, reply, await catalog.liveChannel(await site(req), req.params.id, req.query)),
    );
    app.get(
      '/v2/sites/:site/live-events/:uid',
      {
        logLevel,
        schema: {
          operationId: 'getLiveEvent',
          security: security.public,
          tags,
          summary: 'One live event with its computed state',
          params: SiteUidParams,
          querystring: ClientQuery,
          response: { 200: Video, ...errors },
        },
      },
      async (req, reply) => send(req, reply, await catalog.liveEvent(await site(req), req.params.uid)),
    );

    // ---------- site assets (tabs) ----------
    app.get(
      '/v2/sites/:site/assets/:id/directory',
      {
        logLevel,
        schema: {
          operationId: 'getDirectoryTab',
          security: security.public,
          tags,
          summary: 'A directory tab: its channels',
          params: SiteIdParams,
          querystring: DirectoryQuery,
          response: { 200: ChannelPage, ...errors },
        },
      },
      async (req, reply) =>
        send(req, reply, await catalog.directory(await site(req), req.params.id, req.query)),
    );
    app.get(
      '/v2/sites/:site/assets/:id/epg',
      {
        logLevel,
        schema: {
          operationId: 'getEpgTab',
          security: security.public,
          tags,
          summary: 'An EPG tab: categories and live channels (simple=true leaves out entries)',
          params: SiteIdParams,
          querystring: EpgAssetQuery,
          response: { 200: EpgAsset, ...errors },
        },
      },
      async (req, reply) =>
        send(req, reply, await catalog.epgAsset(await site(req), req.params.id, req.query, req.query.simple)),
    );
    app.get(
      '/v2/sites/:site/assets/:id/live',
      {
        logLevel,
        schema: {
          operationId: 'getLiveTab',
          security: security.public,
          tags,
          summary: 'A live-events tab: its listed events by start',
          params: SiteIdParams,
          querystring: LiveEventsQuery,
          response: { 200: VideoPage, ...errors },
        },
      },
      async (req, reply) =>
        send(req, reply, await catalog.liveAsset(await site(req), req.params.id, req.query)),
    );

    // /api/assets/… resolve the site from __site or the Host header. faq is ours (decision 0015): the
    // spec names the FAQ page kind but no call for it.
    for (const kind of ['about', 'cast', 'home', 'home-movie', 'iframe', 'faq'] as const) {
      app.get(
        `/api/assets/:id/${kind}`,
        {
          logLevel,
          schema: {
            operationId: `get${pascal(kind)}Tab`,
            security: security.public,
            tags,
            summary: `A ${kind} tab and its configuration`,
            params: AssetParams,
            querystring: ClientQuery,
            response: { 200: TabAsset, ...errors },
          },
        },
        async (req, reply) => send(req, reply, await catalog.tabAsset(await site(req), req.params.id, kind)),
      );
    }
    app.get(
      '/api/assets/:id/discover',
      {
        logLevel,
        schema: {
          operationId: 'getDiscoverTab',
          security: security.public,
          tags,
          summary: 'A discover tab: its rows in configured order, each with its first page (30) of items',
          params: AssetParams,
          querystring: DiscoverQuery,
          response: { 200: DiscoverAsset, ...errors },
        },
      },
      async (req, reply) =>
        send(
          req,
          reply,
          await catalog.discover(await site(req), req.params.id, req.query.onlyEnabledChannels),
        ),
    );
  };
