// The purchases screens (accounts-and-commerce §2 account routes and commerce routes, §4 Purchases
// page and Wallet callback, §8; decision 0035). app/routes composes them with the account shell and
// the checkout feature's card form. The suspended-purchase alert is imported by the layout from its
// own file, so this index (and its screens) stays in the lazy chunk.
export { PurchasesView } from './components/purchases-view';
export { UpdatePaymentMethod } from './components/update-payment-method';
export { UpgradePurchase } from './components/upgrade-purchase';
export { WalletCallback } from './components/wallet-callback';
export { RedeemGift } from './components/redeem-gift';
