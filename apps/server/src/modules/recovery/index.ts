// The recovery module's public face: what other modules may import (apps/server/src/modules/README.md).
export { linkOrigin } from './recovery.service';
