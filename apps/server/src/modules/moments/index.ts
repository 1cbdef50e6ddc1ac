// The moments module's public face: what other modules may import (apps/server/src/modules/README.md).
export type { MomentsService } from './moments.service';
