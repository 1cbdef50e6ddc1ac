import type { FastifyRequest } from 'fastify';
import { linkOrigin } from '../recovery';
import type { SitesService } from '../sites';

/** The web app's origin for links in mail and for TV apps (the site's host, as recovery links). */
export const webOrigin = async (sites: Pick<SitesService, 'byUid'>, req: FastifyRequest, siteUid: string) =>
  linkOrigin(await sites.byUid(siteUid), { protocol: req.protocol, host: req.host });
