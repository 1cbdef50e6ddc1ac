import { describe, expect, it } from 'vitest';
import {
  dueTodayCents,
  isDroppedCart,
  isFreeBundle,
  isUnavailable,
  needsDisclaimer,
  specMessageKey,
} from './checkout-rules';

const bundle = {
  amountCents: 799,
  recurring: true,
  discount: null,
  enabled: true,
  isDeleted: false,
  subscribeAllowed: true,
  trialPeriod: false,
  trialDuration: 0,
};
const discount = (cents: number, cycles: 'FIRST' | 'ALL') => ({
  couponCode: 'X',
  discountedPrice: cents / 100,
  discountedPriceCents: cents,
  discountedBillingCycles: cycles,
});

describe('checkout rules (accounts-and-commerce §4)', () => {
  it('free: amount 0, or discountedPrice 0 with ALL cycles or not recurring', () => {
    expect(isFreeBundle({ ...bundle, amountCents: 0 })).toBe(true);
    expect(isFreeBundle({ ...bundle, discount: discount(0, 'ALL') })).toBe(true);
    expect(isFreeBundle({ ...bundle, discount: discount(0, 'FIRST') })).toBe(false);
    expect(isFreeBundle({ ...bundle, recurring: false, discount: discount(0, 'FIRST') })).toBe(true);
    expect(isFreeBundle(bundle)).toBe(false);
  });
  it('the disclaimer gates non-free recurring bundles only', () => {
    expect(needsDisclaimer(bundle)).toBe(true);
    expect(needsDisclaimer({ ...bundle, recurring: false })).toBe(false);
    expect(needsDisclaimer({ ...bundle, discount: discount(0, 'ALL') })).toBe(false);
    // 100 % off the FIRST cycle is not free: later cycles cost money (decision 0029).
    expect(needsDisclaimer({ ...bundle, discount: discount(0, 'FIRST') })).toBe(true);
  });
  it('unavailable unless enabled, not deleted and for sale', () => {
    expect(isUnavailable(bundle)).toBe(false);
    expect(isUnavailable({ ...bundle, enabled: false })).toBe(true);
    expect(isUnavailable({ ...bundle, isDeleted: true })).toBe(true);
    expect(isUnavailable({ ...bundle, subscribeAllowed: false })).toBe(true);
  });
  it('due today: 0 in a trial, the coupon price less proration otherwise, never negative', () => {
    expect(dueTodayCents({ ...bundle, trialPeriod: true, trialDuration: 7 })).toBe(0);
    expect(dueTodayCents({ ...bundle, trialPeriod: true, trialDuration: 7 }, 0, false)).toBe(799);
    expect(dueTodayCents({ ...bundle, discount: discount(639, 'FIRST') }, 100)).toBe(539);
    expect(dueTodayCents(bundle, 5000)).toBe(0);
  });
  it('finds the spec message of a server answer, decline code kept', () => {
    expect(specMessageKey('You already have access to this event')).toEqual(['alreadyHaveAccess', '']);
    expect(
      specMessageKey('Unexpected error processing your payment. Please try again (card_declined)'),
    ).toEqual(['paymentFailure', ' (card_declined)']);
    expect(specMessageKey('This promo code is not valid')).toBeNull();
  });
});

describe('a dropped cart (accounts-and-commerce §7 dropped-cart; decision 0060)', () => {
  const leaving = {
    signedIn: true,
    kind: 'purchase' as const,
    alreadyHas: false,
    succeeded: false,
    reported: false,
  };
  it('is a signed-in viewer leaving a purchase before it succeeded, once', () => {
    expect(isDroppedCart(leaving)).toBe(true);
    expect(isDroppedCart({ ...leaving, reported: true })).toBe(false);
    expect(isDroppedCart({ ...leaving, succeeded: true })).toBe(false);
  });
  it('is not a gift, an upgrade, a bundle already held, or a signed-out visit', () => {
    expect(isDroppedCart({ ...leaving, kind: 'gift' })).toBe(false);
    expect(isDroppedCart({ ...leaving, kind: 'upgrade' })).toBe(false);
    expect(isDroppedCart({ ...leaving, alreadyHas: true })).toBe(false);
    expect(isDroppedCart({ ...leaving, signedIn: false })).toBe(false);
  });
});
