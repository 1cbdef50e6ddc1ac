import {
  ClientQuery,
  EpgWindowQuery,
  LiveChannel,
  LiveChannelList,
  SiteIdParams,
  SiteParams,
  SiteUidParams,
  Video,
} from '@marquee/contract';
import { security } from '../../plugins/openapi';
import { errors, logLevel, tags, type CatalogApp, type CatalogRouteKit } from './catalog-route-kit';

/** Live channels with their EPG, and live events. */
export function liveRoutes(app: CatalogApp, { catalog, send, site }: CatalogRouteKit) {
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
}
