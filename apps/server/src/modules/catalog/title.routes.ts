import {
  ClientQuery,
  FavoritesCount,
  MovieDetail,
  Playlist,
  Season,
  SeasonList,
  SeasonParams,
  SeasonsQuery,
  SeriesDetail,
  SeriesEpisodesQuery,
  SiteIdParams,
  SiteUidParams,
  Video,
  VideoInChannel,
  VideoInChannelParams,
  VideoPage,
  VideosQuery,
} from '@marquee/contract';
import { security } from '../../plugins/openapi';
import { errors, logLevel, tags, type CatalogApp, type CatalogRouteKit } from './catalog-route-kit';

/** Videos, movies, series, seasons and playlists. */
export function titleRoutes(app: CatalogApp, { catalog, send, site }: CatalogRouteKit) {
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
    '/v1/video/uid/:uid/channel/:channel',
    {
      logLevel,
      schema: {
        operationId: 'getVideoInChannel',
        security: security.public,
        tags,
        summary:
          "A video with the channel a shared link names (site from __site or the host); 404 when the video is not the channel's",
        params: VideoInChannelParams,
        querystring: ClientQuery,
        response: { 200: VideoInChannel, ...errors },
      },
    },
    async (req, reply) =>
      send(req, reply, await catalog.videoInChannel(await site(req), req.params.uid, req.params.channel)),
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
}
