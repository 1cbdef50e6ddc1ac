import { describe, expect, it } from 'vitest';
import { isRentalType } from './constants';
import { COUPON_MESSAGES, declineMessage, deleteMethodMessage } from './messages';
import { formatMoney, mulDivCents, amountToCents, centsToAmount, isCents } from './money';
import {
  addDuration,
  checkCoupon,
  periodEnd,
  priceOffer,
  proratedFirstPayment,
  trialApplies,
  trialEnd,
  unusedTimeCredit,
  type Coupon,
  type PricedOffer,
} from './pricing';

const NOW = Date.parse('2026-03-01T12:00:00.000Z');
const monthly: PricedOffer = { id: 'monthly', type: 'ENTIRE_SITE', amountCents: 799, recurring: true };
const rental: PricedOffer = { id: 'rent', type: 'RENTAL', amountCents: 399, recurring: false };
const coupon = (over: Partial<Coupon>): Coupon => ({
  code: 'C',
  kind: 'percent',
  value: 20,
  billingCycles: 'FIRST',
  bundleIds: [],
  appliesTo: 'any',
  expiresAt: null,
  ...over,
});

describe('money ("Prices are rounded to two decimals; the currency symbol defaults to $")', () => {
  it('formats integer cents with two decimals and $', () => {
    expect(formatMoney(799)).toBe('$7.99');
    expect(formatMoney(5)).toBe('$0.05');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(-150)).toBe('-$1.50');
    expect(formatMoney(1000, '€')).toBe('€10.00');
    expect(() => formatMoney(1.5)).toThrow();
  });
  it('converts at the edges only and rounds half up in one place', () => {
    expect(amountToCents('7.99')).toBe(799);
    expect(amountToCents(0.1 + 0.2)).toBe(30);
    expect(centsToAmount(799)).toBe(7.99);
    expect(mulDivCents(799, 20, 100)).toBe(160); // 159.8
    expect(mulDivCents(5, 50, 100)).toBe(3); // 2.5 rounds up
    expect(isCents(1.5)).toBe(false);
    expect(isCents(-1)).toBe(false);
    expect(isCents(0)).toBe(true);
  });
});

describe('coupons (§5 coupon errors; §3 discountedBillingCycles)', () => {
  it('refuses an unknown and an expired coupon', () => {
    expect(checkCoupon(monthly, undefined, NOW)).toEqual({ ok: false, error: 'unknown' });
    expect(checkCoupon(monthly, coupon({ expiresAt: '2026-03-01T11:59:59.000Z' }), NOW)).toEqual({
      ok: false,
      error: 'expired',
    });
    expect(checkCoupon(monthly, coupon({ expiresAt: '2026-03-02T00:00:00.000Z' }), NOW)).toEqual({
      ok: true,
    });
  });
  it('"Coupon is not applicable to Rental" and "Coupon is not applicable to Bundle"', () => {
    const r = checkCoupon(rental, coupon({ appliesTo: 'bundle' }), NOW);
    expect(r).toEqual({ ok: false, error: 'notForRental' });
    expect(COUPON_MESSAGES.notForRental).toBe('Coupon is not applicable to Rental');
    const b = checkCoupon(monthly, coupon({ appliesTo: 'rental' }), NOW);
    expect(b).toEqual({ ok: false, error: 'notForBundleType' });
    expect(COUPON_MESSAGES.notForBundleType).toBe('Coupon is not applicable to Bundle');
  });
  it('refuses a coupon limited to other bundles', () => {
    expect(checkCoupon(monthly, coupon({ bundleIds: ['annual'] }), NOW)).toEqual({
      ok: false,
      error: 'notForBundle',
    });
    expect(checkCoupon(monthly, coupon({ bundleIds: ['monthly'] }), NOW)).toEqual({ ok: true });
  });
  it('FIRST "means first cycle only"', () => {
    const p = priceOffer(monthly, coupon({ value: 20, billingCycles: 'FIRST' }));
    expect(p.firstCycleCents).toBe(639);
    expect(p.laterCyclesCents).toBe(799);
    expect(p.discount).toEqual({ couponCode: 'C', discountedPrice: 639, discountedBillingCycles: 'FIRST' });
    expect(p.free).toBe(false);
  });
  it('ALL "means all cycles"', () => {
    const p = priceOffer(monthly, coupon({ kind: 'amount', value: 500, billingCycles: 'ALL' }));
    expect(p.firstCycleCents).toBe(299);
    expect(p.laterCyclesCents).toBe(299);
  });
  it('never goes below zero, and a one-time offer has no later cycles', () => {
    const p = priceOffer(rental, coupon({ kind: 'amount', value: 1000 }));
    expect(p.firstCycleCents).toBe(0);
    expect(p.laterCyclesCents).toBeNull();
  });
  it('"A free purchase has discountedPrice 0 and either ALL billing cycles or not recurring"', () => {
    expect(priceOffer(monthly, coupon({ value: 100, billingCycles: 'ALL' })).free).toBe(true);
    // 100 % off the first month only: later months are paid, so not the free gateway.
    expect(priceOffer(monthly, coupon({ value: 100, billingCycles: 'FIRST' })).free).toBe(false);
    expect(priceOffer(rental, coupon({ value: 100 })).free).toBe(true);
    // "The free gateway is set when the amount is zero"
    expect(priceOffer({ ...rental, amountCents: 0 }).free).toBe(true);
    expect(priceOffer(monthly).free).toBe(false);
  });
  it('"otherwise rental": any type but the four bundle types is a rental', () => {
    expect(isRentalType('RENTAL')).toBe(true);
    expect(isRentalType('ENTIRE_SITE')).toBe(false);
    expect(isRentalType('DISABLE_ADS')).toBe(false);
  });
});

describe('trials ("A trial is usable unless perm oneTrialPerUser is set and the user has already used a trial on this site")', () => {
  const offer = { recurring: true, trialDuration: 7 };
  it('applies by default and when no trial was used', () => {
    expect(trialApplies(offer, { oneTrialPerUser: false, trialUsedOnSite: true })).toBe(true);
    expect(trialApplies(offer, { oneTrialPerUser: true, trialUsedOnSite: false })).toBe(true);
  });
  it('does not apply with oneTrialPerUser after a trial', () => {
    expect(trialApplies(offer, { oneTrialPerUser: true, trialUsedOnSite: true })).toBe(false);
  });
  it('needs a recurring offer with a trial', () => {
    expect(
      trialApplies(
        { recurring: false, trialDuration: 7 },
        { oneTrialPerUser: false, trialUsedOnSite: false },
      ),
    ).toBe(false);
    expect(
      trialApplies({ recurring: true, trialDuration: 0 }, { oneTrialPerUser: false, trialUsedOnSite: false }),
    ).toBe(false);
  });
  it('"trialDuration (days), trialDurationUnit": days unless a unit says otherwise', () => {
    expect(trialEnd(NOW, 7)).toBe(NOW + 7 * 86_400_000);
    expect(trialEnd(NOW, 2, 'weeks')).toBe(NOW + 14 * 86_400_000);
    expect(new Date(trialEnd(NOW, 1, 'month')).toISOString()).toBe('2026-04-01T12:00:00.000Z');
  });
});

describe('periods', () => {
  it('month and year plans are calendar months and years, clamped to the month end', () => {
    expect(
      new Date(
        periodEnd(Date.parse('2026-01-31T00:00:00Z'), {
          planType: 'month',
          duration: null,
          durationUnit: null,
        })!,
      ).toISOString(),
    ).toBe('2026-02-28T00:00:00.000Z');
    expect(
      new Date(periodEnd(NOW, { planType: 'year', duration: null, durationUnit: null })!).toISOString(),
    ).toBe('2027-03-01T12:00:00.000Z');
  });
  it('rentals last duration × unit (hours by default); single never ends', () => {
    expect(periodEnd(NOW, { planType: 'rental', duration: 48, durationUnit: null })).toBe(
      NOW + 48 * 3_600_000,
    );
    expect(periodEnd(NOW, { planType: 'period', duration: 3, durationUnit: 'days' })).toBe(
      NOW + 3 * 86_400_000,
    );
    expect(periodEnd(NOW, { planType: 'single', duration: null, durationUnit: null })).toBeNull();
    expect(addDuration(NOW, 1, 'hours')).toBe(NOW + 3_600_000);
  });
});

describe('proration ("Proration is shown as unused time, applying to the first payment only")', () => {
  const start = Date.parse('2026-03-01T00:00:00Z');
  const end = Date.parse('2026-03-31T00:00:00Z'); // 30 days
  it('credits the unused share of the current period', () => {
    const credit = unusedTimeCredit({
      paidCents: 3000,
      periodStartMs: start,
      periodEndMs: end,
      nowMs: start + 10 * 86_400_000,
    });
    expect(credit).toBe(2000);
    expect(proratedFirstPayment(7990, credit)).toBe(5990);
  });
  it('rounds the credit down, is 0 after the period, for nothing paid and without an end', () => {
    expect(
      unusedTimeCredit({ paidCents: 799, periodStartMs: start, periodEndMs: end, nowMs: start + 86_400_000 }),
    ).toBe(772);
    expect(unusedTimeCredit({ paidCents: 799, periodStartMs: start, periodEndMs: end, nowMs: end + 1 })).toBe(
      0,
    );
    expect(unusedTimeCredit({ paidCents: 0, periodStartMs: start, periodEndMs: end, nowMs: start })).toBe(0);
    expect(unusedTimeCredit({ paidCents: 799, periodStartMs: start, periodEndMs: null, nowMs: start })).toBe(
      0,
    );
  });
  it('never credits more than the new price', () => {
    expect(proratedFirstPayment(500, 799)).toBe(0);
  });
});

describe('messages (§8)', () => {
  it('"Card declines: decline code or code appended in parentheses"', () => {
    expect(declineMessage('insufficient_funds')).toBe(
      'Unexpected error processing your payment. Please try again (insufficient_funds)',
    );
    expect(declineMessage(null)).toBe('Unexpected error processing your payment. Please try again');
  });
  it('"Delete payment method, message starts with E00105" / "other"', () => {
    expect(deleteMethodMessage('E00105: in use')).toBe(
      'This payment method is associated with an active purchase. Please add a new Credit Card and try again.',
    );
    expect(deleteMethodMessage('nope')).toBe('The selected payment method cannot be deleted.');
  });
});
