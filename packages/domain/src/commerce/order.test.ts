import { describe, expect, it } from 'vitest';
import { COMMERCE_MESSAGES } from './messages';
import { priceOrder, validateOrder, validatePayment, type OrderOffer } from './order';
import type { Coupon } from './pricing';

const monthly: OrderOffer = {
  id: 'monthly',
  type: 'ENTIRE_SITE',
  amountCents: 799,
  recurring: true,
  sellable: true,
  subscribeAllowed: true,
  giftable: true,
  passcodeGiven: null,
  videoUids: [],
  trialDurationDays: 7,
  requiresShippingAddress: false,
};
const rental: OrderOffer = { ...monthly, id: 'rent', type: 'RENTAL', recurring: false, videoUids: ['v1'] };
const buyer = { gift: false, live: [], oneActiveSub: false };
const address = { address1: '1 Main St', city: 'Albany', state: 'NY', zip: '12207', countryCode: 'US' };
const all: Coupon = {
  code: 'FREE',
  kind: 'percent',
  value: 100,
  billingCycles: 'ALL',
  bundleIds: [],
  appliesTo: 'any',
  expiresAt: null,
};

describe('validateOrder (§4 Checkout)', () => {
  it('accepts a plain order of an offer for sale', () => {
    expect(validateOrder({ type: 'Bundle' }, monthly, buyer)).toBeNull();
  });

  it('"A bundle must be enabled and not deleted, else "Resource is not available for purchase at the moment""', () => {
    for (const offer of [undefined, { ...monthly, sellable: false }, { ...monthly, subscribeAllowed: false }])
      expect(validateOrder({ type: 'Bundle' }, offer, buyer)).toMatchObject({
        status: 404,
        field: 'resourceId',
        message: COMMERCE_MESSAGES.unavailableBundle,
      });
  });

  it('"You already have access to this event" where access exists; oneActiveSub refuses a second subscription', () => {
    const holds = { ...buyer, live: [{ bundleId: 'monthly', recurring: true }] };
    expect(validateOrder({ type: 'Bundle' }, monthly, holds)).toMatchObject({
      status: 409,
      message: COMMERCE_MESSAGES.alreadyHaveAccess,
    });
    const other = { ...buyer, live: [{ bundleId: 'annual', recurring: true }] };
    expect(validateOrder({ type: 'Bundle' }, monthly, other)).toBeNull();
    expect(validateOrder({ type: 'Bundle' }, monthly, { ...other, oneActiveSub: true })).toMatchObject({
      status: 409,
      code: 'oneActiveSub',
    });
    // An upgrade replaces what the user holds; a gift gives it to someone else.
    expect(validateOrder({ type: 'Bundle', upgradesPurchase: 'p1' }, monthly, holds)).toBeNull();
    expect(validateOrder({ type: 'Bundle', isGift: true }, monthly, { ...holds, gift: true })).toBeNull();
  });

  it('refuses the wrong type, a wrong passcode, another video of a rental, and an upgrade without its purchase', () => {
    expect(validateOrder({ type: 'Rental' }, monthly, buyer)).toMatchObject({ field: 'type' });
    expect(validateOrder({ type: 'Bundle' }, { ...monthly, passcodeGiven: false }, buyer)).toMatchObject({
      status: 403,
      field: 'passcode',
    });
    expect(validateOrder({ type: 'Rental', videoUid: 'v2' }, rental, buyer)).toMatchObject({
      field: 'videoUid',
    });
    expect(validateOrder({ type: 'Rental', videoUid: 'v1' }, rental, buyer)).toBeNull();
    expect(validateOrder({ type: 'Bundle', isUpgrade: true }, monthly, buyer)).toMatchObject({
      field: 'upgradesPurchase',
      message: COMMERCE_MESSAGES.requiredInformation,
    });
  });

  it('gifts: only through the gift call, only giftable bundles, never an upgrade', () => {
    expect(validateOrder({ type: 'Bundle', isGift: true }, monthly, buyer)).toMatchObject({
      field: 'isGift',
    });
    const gift = { ...buyer, gift: true };
    expect(validateOrder({ type: 'Bundle' }, { ...monthly, giftable: false }, gift)).toMatchObject({
      code: 'notGiftable',
    });
    expect(validateOrder({ type: 'Bundle', upgradesPurchase: 'p1' }, monthly, gift)).toMatchObject({
      field: 'upgradesPurchase',
    });
  });
});

describe('priceOrder (§4 Checkout, §5 coupons)', () => {
  const ctx = { creditCents: 0, upgrade: false, gift: false, oneTrialPerUser: false, trialUsedOnSite: false };

  it('a trial costs nothing now; the first paid cycle keeps the coupon', () => {
    const p = priceOrder(monthly, ctx);
    expect(p).toMatchObject({ trial: true, firstPaymentCents: 0, nextCycleCents: 799, needsCard: true });
  });

  it('"A trial is usable unless perm oneTrialPerUser is set and the user has already used a trial on this site"', () => {
    expect(priceOrder(monthly, { ...ctx, oneTrialPerUser: true, trialUsedOnSite: true })).toMatchObject({
      trial: false,
      firstPaymentCents: 799,
    });
    expect(priceOrder(monthly, { ...ctx, trialUsedOnSite: true }).trial).toBe(true);
  });

  it('"Proration is shown as unused time, applying to the first payment only" (and no trial on an upgrade)', () => {
    expect(priceOrder(monthly, { ...ctx, upgrade: true, creditCents: 300 })).toMatchObject({
      trial: false,
      firstPaymentCents: 499,
      nextCycleCents: 799,
    });
  });

  it('"The free gateway is set when the amount is zero or a coupon makes it free"', () => {
    expect(priceOrder(monthly, { ...ctx, coupon: all }).needsCard).toBe(false);
    expect(priceOrder({ ...monthly, amountCents: 0 }, ctx).needsCard).toBe(false);
  });

  it('a gift is one period: no trial, nothing after it', () => {
    expect(priceOrder(monthly, { ...ctx, gift: true })).toMatchObject({
      trial: false,
      firstPaymentCents: 799,
      nextCycleCents: null,
    });
  });
});

describe('validatePayment (§4 Checkout, §5 addresses)', () => {
  const card = { gateway: 'test', wallet: null, disclaimerAccepted: true, billingAddress: address };
  const paid = { needsCard: true, gift: false };

  it('accepts a paid recurring order with the disclaimer ticked and a complete billing address', () => {
    expect(validatePayment(card, monthly, paid)).toBeNull();
  });

  it('"The disclaimer box must be ticked for non-free recurring bundles"', () => {
    expect(validatePayment({ ...card, disclaimerAccepted: false }, monthly, paid)).toMatchObject({
      field: 'disclaimerAccepted',
    });
    expect(
      validatePayment({ ...card, gateway: 'free', disclaimerAccepted: false }, monthly, {
        ...paid,
        needsCard: false,
      }),
    ).toBeNull();
  });

  it('a paid order is not free; "with the card provider a billing address is mandatory ("Address is mandatory")"', () => {
    expect(validatePayment({ ...card, gateway: 'free' }, monthly, paid)).toMatchObject({ field: 'gateway' });
    expect(validatePayment({ ...card, billingAddress: undefined }, monthly, paid)).toMatchObject({
      code: 'addressMandatory',
      message: COMMERCE_MESSAGES.addressMandatory,
    });
    expect(
      validatePayment({ ...card, billingAddress: { ...address, zip: '' } }, monthly, paid),
    ).toMatchObject({
      field: 'billingAddress.zip',
      message: COMMERCE_MESSAGES.requiredInformation,
    });
  });

  it('wallets: recurring through paypal-sub, one-time through paypal, never a gift; no billing address needed', () => {
    const wallet = (name: string) => ({ gateway: name, wallet: { name }, disclaimerAccepted: true });
    expect(validatePayment(wallet('paypal-sub'), monthly, paid)).toBeNull();
    expect(validatePayment(wallet('paypal'), monthly, paid)).toMatchObject({ field: 'gateway' });
    expect(validatePayment(wallet('paypal'), rental, paid)).toBeNull();
    expect(validatePayment(wallet('paypal-sub'), monthly, { ...paid, gift: true })).toMatchObject({
      message: 'Gifts are paid by card',
    });
  });

  it('"Shipping (when the bundle requires it): shippingFullName and either same-as-billing or address…"', () => {
    const shipped = { ...monthly, requiresShippingAddress: true };
    expect(validatePayment(card, shipped, paid)).toMatchObject({ field: 'shippingFullName' });
    expect(
      validatePayment(
        { ...card, shippingFullName: 'Ann', shippingAddress: { sameAsBilling: true } },
        shipped,
        paid,
      ),
    ).toBeNull();
    expect(
      validatePayment(
        { ...card, shippingFullName: 'Ann', shippingAddress: { ...address, city: '' } },
        shipped,
        paid,
      ),
    ).toMatchObject({ field: 'shippingAddress.city' });
  });
});
