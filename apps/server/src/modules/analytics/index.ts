// The analytics module's public face: what other modules may import (apps/server/src/modules/README.md).
export type { AnalyticsService, EventOrigin } from './analytics.service';
