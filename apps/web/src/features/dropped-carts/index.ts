export { DroppedCartsView } from './components/dropped-carts-view';
export { canReadDroppedCarts } from './utils/can-read';
export * as locales from './locales';
