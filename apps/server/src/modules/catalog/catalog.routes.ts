import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { EncodedBody } from '../../plugins/compression';
import { assetRoutes } from './asset.routes';
import type { CatalogRouteKit } from './catalog-route-kit';
import { channelRoutes } from './channel.routes';
import { liveRoutes } from './live.routes';
import { titleRoutes } from './title.routes';
import { applyEngagement, videoUidsIn } from './viewer-engagement';

const JSON_TYPE = 'application/json; charset=utf-8';

/** Sends a JSON body compressed for the client when it is worth it (a cached body is compressed once). */
function sendEncoded(req: FastifyRequest, reply: FastifyReply, body: EncodedBody) {
  const { bytes, encoding } = body.for(req.headers['accept-encoding']);
  // Kept with a vary already set (authorization, for a viewer's own answer): header() replaces.
  const vary = reply.getHeader('vary');
  reply.type(JSON_TYPE).header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
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
 * before validation, routing work or any query. The cache holds what anyone sees: a signed-in
 * viewer's own fields (favorite, progress…) are put on a copy per request (decision 0076).
 */
export const catalogRoutes =
  ({ catalog }: Pick<AppContext, 'catalog'>): FastifyPluginAsyncZod =>
  async (app) => {
    const cache = catalog.responseCache;
    /** The video uids of each cached body, so a hit for a signed-in viewer needs no parse unless they have any. */
    const videoUidsOf = new WeakMap<EncodedBody, string[]>();

    /**
     * Sends a body as the request's viewer sees it: as it is when anonymous or a viewer with no
     * engagement with its videos; else a copy with their fields. A viewer's answer is private.
     */
    async function sendFor(req: FastifyRequest, reply: FastifyReply, body: EncodedBody, videoUids: string[]) {
      if (req.user && videoUids.length > 0) {
        reply.header('cache-control', 'private, no-store').header('vary', 'authorization');
        const mine = await catalog.viewerEngagement(req.user, (await req.site()).uid, videoUids);
        if (mine.size > 0) {
          const value: unknown = JSON.parse(body.body.toString('utf8'));
          applyEngagement(value, mine);
          return sendEncoded(req, reply, new EncodedBody(Buffer.from(JSON.stringify(value))));
        }
      }
      return sendEncoded(req, reply, body);
    }

    app.addHook('onRequest', async (req, reply) => {
      if (req.method !== 'GET' || isPersonal(req)) return;
      const hit = cache.get(cacheKey(req));
      if (hit !== undefined) return sendFor(req, reply, hit, videoUidsOf.get(hit) ?? []);
    });

    const kit: CatalogRouteKit = {
      catalog,
      send(req, reply, value) {
        const body = Buffer.from(JSON.stringify(value));
        const videoUids = videoUidsIn(value);
        if (isPersonal(req)) {
          reply.header('cache-control', 'private, no-store').header('vary', 'authorization');
          return sendFor(req, reply, new EncodedBody(body), videoUids);
        }
        const cached = cache.set(cacheKey(req), body);
        videoUidsOf.set(cached, videoUids);
        return sendFor(req, reply, cached, videoUids);
      },
      site: async (req) => (await req.site()).uid,
    };
    // In this order: the OpenAPI document lists the paths as they are registered.
    channelRoutes(app, kit);
    titleRoutes(app, kit);
    liveRoutes(app, kit);
    assetRoutes(app, kit);
  };
