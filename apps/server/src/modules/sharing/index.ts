// The sharing module's public face: what other modules may import (apps/server/src/modules/README.md).
export type { SharingService, LinkPreview } from './sharing.service';
