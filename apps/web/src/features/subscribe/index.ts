// The subscribe feature (accounts-and-commerce §2 Commerce routes): the offer lists (/subscribe,
// /subscribe/{contentType}/{videoUid}), the gift steps and the pre-order overlay. Checkout itself is
// the checkout feature's panel; app/routes/commerce-route composes the two.
export { SubscribeList } from './components/subscribe-list';
export type { SubscribeListProps } from './components/subscribe-list';
export { GiftSelection, GiftForm } from './components/gift-steps';
export { PreorderOverlay } from './components/preorder-overlay';
export { useBundles, useTitleHints } from './api/use-offers';
export { parseHints, oneActiveSubBlocks, type OfferHints } from './utils/offers';
