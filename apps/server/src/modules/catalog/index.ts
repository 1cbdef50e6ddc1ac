// The catalog module's public face: what other modules may import (apps/server/src/modules/README.md).
export type { CatalogService, CatalogViewer, OwnedScope, Paging } from './catalog.service';
export { trackForBulkInvalidation } from './response-cache';
