import type { Bundle, Purchase, Rental } from '@marquee/contract';
import { describe, expect, it } from 'vitest';
import {
  hintedIds,
  isIgnoredCouponError,
  offerSections,
  oneActiveSubBlocks,
  parseHints,
  upgradeSources,
  validateGift,
  withCouponDiscounts,
} from './offers';

const b = (id: string, over: Partial<Bundle> = {}) =>
  ({ id, type: 'ENTIRE_SITE', activeForUser: false, upgradesToBundles: [], ...over }) as Bundle;
const r = (id: string) => ({ id }) as Rental;

describe('subscribe offers (accounts-and-commerce §2)', () => {
  it('reads the data hints and ignores junk', () => {
    expect(parseHints('{"bundleIds":["a"],"rentalId":"r","productIds":[1,"p"]}')).toMatchObject({
      bundleIds: ['a'],
      rentalId: 'r',
      productIds: ['p'],
    });
    expect(parseHints('not json')).toBeNull();
    expect([...hintedIds(parseHints('{"bundleId":"a","rentalIds":["r"]}'))].sort()).toEqual(['a', 'r']);
  });
  it('sorts bundles into Buy, Rent, products and Upgrade To', () => {
    const bundles = [
      b('monthly', { activeForUser: true, upgradesToBundles: ['annual'] }),
      b('annual'),
      b('ppv', { type: 'PRODUCT' }),
      b('rental', { type: 'RENTAL' }),
    ];
    const s = offerSections(bundles, [r('rental')], null);
    expect(s.buy.map((x) => x.id)).toEqual(['monthly', 'annual']);
    expect(s.products.map((x) => x.id)).toEqual(['ppv']);
    expect(s.rent.map((x) => x.id)).toEqual(['rental']);
    expect(s.upgrade.map((x) => x.id)).toEqual(['annual']);
  });
  it('keeps only the hinted offers when the viewer came from a title', () => {
    const s = offerSections(
      [b('monthly'), b('annual')],
      [r('rental'), r('other')],
      parseHints('{"bundleIds":["annual"],"rentalIds":["rental"]}'),
    );
    expect(s.buy.map((x) => x.id)).toEqual(['annual']);
    expect(s.rent.map((x) => x.id)).toEqual(['rental']);
  });
  it('oneActiveSub sends a viewer holding a bundle to purchases', () => {
    expect(oneActiveSubBlocks(true, [b('a', { activeForUser: true })])).toBe(true);
    expect(oneActiveSubBlocks(false, [b('a', { activeForUser: true })])).toBe(false);
    expect(oneActiveSubBlocks(true, [b('a')])).toBe(false);
  });
  it('gift form rules (§5)', () => {
    expect(validateGift({ name: '', email: '' }, 'me@x.test').form).toBe('requiredFields');
    expect(validateGift({ name: 'A', email: 'nope' }, 'me@x.test').form).toBe('invalidEmail');
    expect(validateGift({ name: 'A', email: 'ME@x.test' }, 'me@x.test').form).toBe('sameEmail');
    expect(validateGift({ name: 'A', email: 'you@x.test' }, 'me@x.test')).toEqual({});
  });
  it('ignores only the coupon type error of the type concerned (§5)', () => {
    expect(isIgnoredCouponError('Coupon is not applicable to Rental', 'Rental')).toBe(true);
    expect(isIgnoredCouponError('Coupon is not applicable to Rental', 'Bundle')).toBe(false);
    expect(isIgnoredCouponError('Coupon is not applicable to Bundle', 'Bundle')).toBe(true);
    expect(isIgnoredCouponError('This promo code has expired', 'Bundle')).toBe(false);
  });
  it('prices the listed bundles with the coupon where it applies', () => {
    const discount = {
      couponCode: 'X',
      discountedPrice: 1,
      discountedPriceCents: 100,
      discountedBillingCycles: 'FIRST' as const,
    };
    const out = withCouponDiscounts([b('a'), b('c')], [{ ...b('a'), discount }]);
    expect(out[0]!.discount).toEqual(discount);
    expect(out[1]!.discount).toBeUndefined();
  });
  it('links each Upgrade To offer to the purchase it upgrades (§4 upgrade rules)', () => {
    const bundles = [
      b('monthly', { activeForUser: true, upgradesToBundles: ['annual', 'premium'] }),
      b('annual'),
      b('premium', { activeForUser: true }),
      b('weekly', { activeForUser: true, upgradesToBundles: ['annual'] }),
    ];
    const p = (id: string, over: Partial<Purchase> = {}) =>
      ({
        id,
        bundleId: 'monthly',
        status: 'active',
        isRecurring: true,
        gateway: 'test',
        previousPurchase: null,
        ...over,
      }) as Purchase;
    // Newest first: the first upgradable purchase wins; premium is held already.
    expect([...upgradeSources(bundles, [p('p2'), p('p1')])]).toEqual([['annual', 'p2']]);
    // Canceled, one-time or an unknown bundle: nothing to upgrade from; the next one is used.
    expect([
      ...upgradeSources(bundles, [
        p('gone', { status: 'canceled' }),
        p('once', { isRecurring: false }),
        p('other', { bundleId: 'no-such' }),
        p('w1', { bundleId: 'weekly', status: 'trialing' }),
      ]),
    ]).toEqual([['annual', 'w1']]);
    expect(upgradeSources(bundles, []).size).toBe(0);
  });
});
