import {
  AssetParams,
  ChannelPage,
  ClientQuery,
  DirectoryQuery,
  DiscoverAsset,
  DiscoverQuery,
  EpgAsset,
  EpgAssetQuery,
  LiveEventsQuery,
  SiteIdParams,
  TabAsset,
  VideoPage,
} from '@marquee/contract';
import { pascal, security } from '../../plugins/openapi';
import { errors, logLevel, tags, type CatalogApp, type CatalogRouteKit } from './catalog-route-kit';

/** Site assets (tabs), by /v2/sites/… and by /api/assets/… (the site from the host). */
export function assetRoutes(app: CatalogApp, { catalog, send, site }: CatalogRouteKit) {
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
      send(req, reply, await catalog.discover(await site(req), req.params.id, req.query.onlyEnabledChannels)),
  );
}
