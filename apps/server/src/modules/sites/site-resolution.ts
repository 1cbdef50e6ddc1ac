import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Site } from './sites.repository';
import type { SitesService } from './sites.service';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The request's site: the `:site` path segment, else `__site`, else the host name, else the
     * default site; a 404 naming an unknown one. Resolved on the first call and kept for the request.
     */
    site(): Promise<Site>;
  }
}

/**
 * Puts `request.site()` on every request (app.ts registers it on the root instance). It is lazy: a
 * route that never asks (health, media segments, docs, static files) does no lookup and no 404, and
 * a route that checks the user first still answers 401 before a 404 for the site, as it always has.
 */
export function registerSiteResolution(app: FastifyInstance, sites: Pick<SitesService, 'resolve'>): void {
  const resolved = new WeakMap<FastifyRequest, Promise<Site>>();
  app.decorateRequest('site', function (this: FastifyRequest) {
    let site = resolved.get(this);
    if (!site) resolved.set(this, (site = sites.resolve(this)));
    return site;
  });
}
