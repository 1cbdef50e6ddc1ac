export type { DroppedCartsService } from './dropped-carts.service';
