// The reports module's public face: what other modules may import (apps/server/src/modules/README.md).
export type { ReportsService, Reviewable, ItemSource } from './reports.service';
