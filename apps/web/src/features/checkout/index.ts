// The checkout feature (accounts-and-commerce §2 Checkout panel, §4 Checkout, §5 card and address
// rules): the panel the subscribe, gift, pre-order and upgrade screens show, and the card and
// address forms the purchases screens compose (add card, update payment method).
export { CardForm, emptyCard, validateCardValue, cardData } from './components/card-form';
export type { CardValue, CardFormErrors } from './components/card-form';
export { AddressForm, emptyAddress, validateAddressValue, addressData } from './components/address-form';
export type { AddressValue, AddressErrors } from './components/address-form';
export { AddCardForm } from './components/add-card-form';
export { CheckoutCaptcha, useCardCaptcha } from './components/checkout-captcha';
export {
  useAddCard,
  useGateways,
  usePaymentMethods,
  useCountryCodes,
  useUpgradeProration,
} from './api/use-commerce';
export { useCommerceMessage } from './hooks/use-commerce-message';
export { CheckoutPanel } from './components/checkout-panel';
export type { CheckoutPanelProps } from './components/checkout-panel';
export { BundleSummary } from './components/bundle-summary';
export { isFreeBundle, needsDisclaimer, isUnavailable, unlistedRedirectPath } from './utils/checkout-rules';
export { TipJar } from './components/tip-jar';
