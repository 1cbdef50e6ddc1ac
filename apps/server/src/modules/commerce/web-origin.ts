import type { FastifyRequest } from 'fastify';
import { linkOrigin } from '../recovery';
import type { Site } from '../sites';

/** The web app's origin for links in mail and for TV apps (the site's host, as recovery links). */
export const webOrigin = (site: Site, req: FastifyRequest) =>
  linkOrigin(site, { protocol: req.protocol, host: req.host });
