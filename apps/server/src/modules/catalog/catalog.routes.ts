import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { EncodedBody } from '../../plugins/compression';
import { assetRoutes } from './asset.routes';
import type { CatalogRouteKit } from './catalog-route-kit';
import { channelRoutes } from './channel.routes';
import { liveRoutes } from './live.routes';
import { titleRoutes } from './title.routes';

const JSON_TYPE = 'application/json; charset=utf-8';

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

    const kit: CatalogRouteKit = {
      catalog,
      send(req, reply, value) {
        const body = Buffer.from(JSON.stringify(value));
        if (!isPersonal(req)) return sendEncoded(req, reply, cache.set(cacheKey(req), body));
        reply.header('cache-control', 'private, no-store').header('vary', 'authorization');
        return sendEncoded(req, reply, new EncodedBody(body));
      },
      site: async (req) => (await req.site()).uid,
    };
    // In this order: the OpenAPI document lists the paths as they are registered.
    channelRoutes(app, kit);
    titleRoutes(app, kit);
    liveRoutes(app, kit);
    assetRoutes(app, kit);
  };
