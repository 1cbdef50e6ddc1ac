import type { Bundle, PaymentMethod } from '@marquee/contract';
import type { AddressValue } from '../components/address-form';
import type { CardValue } from '../components/card-form';

/** A monthly bundle as GET /api/bundle answers it, for the checkout's pure tests. */
export const monthly: Bundle = {
  _id: 'b1',
  id: 'b1',
  name: 'Monthly',
  description: '',
  type: 'ENTIRE_SITE',
  planType: 'month',
  recurring: true,
  amount: 7.99,
  amountCents: 799,
  originalAmount: null,
  originalAmountCents: null,
  taxesAmount: 0,
  discount: null,
  trialPeriod: false,
  trialDuration: 0,
  trialDurationUnit: 'day',
  periodDuration: 1,
  durationUnit: 'month',
  duration: null,
  preorderEnabled: false,
  preorderDate: null,
  enabled: true,
  isDeleted: false,
  unlisted: false,
  subscribeAllowed: true,
  premium: true,
  passcode: false,
  channels: [],
  liveChannels: [],
  videoUids: [],
  hideChannelDetails: false,
  activeForUser: false,
  requiresShippingAddress: false,
  upgradesToBundles: [],
  purchasedText: null,
  unlistedDescription: null,
  unlistedRedirect: null,
  giftable: true,
};

export const visa: PaymentMethod = {
  id: 'pm-visa',
  gateway: 'test',
  isDefault: false,
  last4: '4242',
  cardType: 'Visa',
  expMonth: 12,
  expYear: 2099,
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: null,
};

export const mastercard: PaymentMethod = { ...visa, id: 'pm-mc', last4: '4444', isDefault: true };

export const address: AddressValue = {
  address1: '1 Main St',
  address2: '',
  city: 'Toronto',
  state: 'ON',
  zip: 'M5V 1A1',
  countryCode: 'CA',
};

export const goodCard: CardValue = {
  cardNumber: '4242424242424242',
  firstName: ' Ada ',
  lastName: 'Lovelace',
  month: '12',
  year: String(new Date().getUTCFullYear() + 2),
  cardCode: '123',
};
