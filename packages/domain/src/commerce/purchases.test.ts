import { describe, expect, it } from 'vitest';
import {
  autoContinuesAfterPurchase,
  canCancel,
  canChangeMethod,
  hideReplaced,
  isActiveRental,
  purchaseSection,
  rentalHoursLeft,
  upgradeTargets,
  type ListedPurchase,
} from './purchases';

const p = (over: Partial<ListedPurchase> = {}): ListedPurchase => ({
  id: 'p1',
  status: 'active',
  isRecurring: true,
  gateway: 'test',
  bundleId: 'demo-monthly',
  previousPurchase: null,
  ...over,
});

describe('Purchases page rules (§4 Purchases page, §9)', () => {
  it('hides purchases replaced by a later purchase (previousPurchase)', () => {
    const list = [p({ id: 'old' }), p({ id: 'new', previousPurchase: 'old' }), p({ id: 'other' })];
    expect(hideReplaced(list).map((x) => x.id)).toEqual(['new', 'other']);
  });

  it('lists rentals and donations in their own sections', () => {
    expect(purchaseSection({ type: 'ENTIRE_SITE' })).toBe('purchased');
    expect(purchaseSection({ type: 'PRODUCT' })).toBe('purchased');
    expect(purchaseSection({ type: 'RENTAL' })).toBe('rentals');
    expect(purchaseSection({ type: 'Donation' })).toBe('donations');
  });

  it('payment method may change if recurring, gateway listed and status not canceled', () => {
    expect(canChangeMethod(p())).toBe(true);
    expect(canChangeMethod(p({ status: 'suspended' }))).toBe(true);
    expect(canChangeMethod(p({ status: 'canceled' }))).toBe(false);
    expect(canChangeMethod(p({ isRecurring: false }))).toBe(false);
    expect(canChangeMethod(p({ gateway: 'paypal-sub' }))).toBe(false);
    expect(canChangeMethod(p({ gateway: 'free' }))).toBe(false);
  });

  it('cancel is offered until the purchase is canceled or set to end', () => {
    expect(canCancel(p())).toBe(true);
    expect(canCancel(p({ status: 'canceled' }))).toBe(false);
    expect(canCancel({ ...p(), cancelSubscriptionInProgress: true })).toBe(false);
  });

  it('upgrade: recurring, gateway listed, active or trialing, an upgrade bundle not already purchased', () => {
    expect(upgradeTargets(p(), ['demo-annual'], [])).toEqual(['demo-annual']);
    expect(upgradeTargets(p({ status: 'trialing', gateway: 'paypal-sub' }), ['a'], [])).toEqual(['a']);
    expect(upgradeTargets(p(), ['demo-annual'], ['demo-annual'])).toEqual([]);
    expect(upgradeTargets(p({ status: 'suspended' }), ['a'], [])).toEqual([]);
    expect(upgradeTargets(p({ isRecurring: false }), ['a'], [])).toEqual([]);
    expect(upgradeTargets(p({ gateway: 'free' }), ['a'], [])).toEqual([]);
  });

  it('rentals with under 24 hours left show hours remaining', () => {
    const now = Date.UTC(2026, 0, 1);
    const at = (ms: number) => new Date(now + ms).toISOString();
    expect(rentalHoursLeft(at(5.5 * 3_600_000), now)).toBe(6);
    expect(rentalHoursLeft(at(10 * 60_000), now)).toBe(1);
    expect(rentalHoursLeft(at(24 * 3_600_000), now)).toBeNull();
    expect(rentalHoursLeft(at(-1), now)).toBeNull();
    expect(rentalHoursLeft(null, now)).toBeNull();
    expect(isActiveRental({ status: 'active', availableTo: at(1000) }, now)).toBe(true);
    expect(isActiveRental({ status: 'active', availableTo: at(-1000) }, now)).toBe(false);
    expect(isActiveRental({ status: 'canceled', availableTo: at(1000) }, now)).toBe(false);
  });
});

describe('autoContinuesAfterPurchase (§4 Checkout: auto-continue after 3 s, not for a club bundle)', () => {
  it('continues by itself unless the bundle has its own purchased text to read', () => {
    expect(autoContinuesAfterPurchase({ purchasedText: null })).toBe(true);
    expect(autoContinuesAfterPurchase({ purchasedText: '  ' })).toBe(true);
    expect(
      autoContinuesAfterPurchase({ purchasedText: 'Welcome to the club! Your card ships in a week.' }),
    ).toBe(false);
  });
});
