// The sites module's public face: what other modules may import (apps/server/src/modules/README.md).
export type { Site } from './sites.repository';
export type { SitesService } from './sites.service';
export { ownSite } from './own-site';
