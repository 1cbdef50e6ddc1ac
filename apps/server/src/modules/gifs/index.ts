// The gifs module's public face: what other modules may import (apps/server/src/modules/README.md).
export type { GifsService } from './gifs.service';
