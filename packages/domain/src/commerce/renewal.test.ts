import { describe, expect, it } from 'vitest';
import { RENEWAL_FAILED_MESSAGE, renewalDecision, type RenewingPurchase } from './renewal';

const T0 = Date.UTC(2026, 0, 31, 12);
const base: RenewingPurchase = {
  status: 'active',
  isRecurring: true,
  cancelSubscriptionInProgress: false,
  periodEndMs: T0,
  nextCycleCents: 799,
  originalAmountCents: 799,
  discountedBillingCycles: null,
};
const month = { planType: 'month', duration: null, durationUnit: null };

describe('renewalDecision (issue 6: renew at trial end and period end)', () => {
  it('is not due before the period ends, nor for canceled, suspended or one-off purchases', () => {
    expect(renewalDecision(base, month, T0 - 1)).toEqual({ kind: 'notDue' });
    for (const status of ['canceled', 'suspended'])
      expect(renewalDecision({ ...base, status }, month, T0 + 1)).toEqual({ kind: 'notDue' });
    expect(renewalDecision({ ...base, isRecurring: false }, month, T0 + 1)).toEqual({ kind: 'notDue' });
  });

  it('charges the next cycle for one calendar month from the old end (31st → last day of February)', () => {
    expect(renewalDecision(base, month, T0)).toEqual({
      kind: 'charge',
      amountCents: 799,
      periodStartMs: T0,
      periodEndMs: Date.UTC(2026, 1, 28, 12),
      nextCycleCents: 799,
    });
  });

  it('keeps the billing anchor: a plan started on the 31st renews Feb 28 → Mar 31 → Apr 30 → May 31', () => {
    const anchored = { ...base, billingAnchorMs: Date.UTC(2025, 11, 31, 12) };
    const ends: string[] = [];
    let end = Date.UTC(2026, 1, 28, 12);
    for (let i = 0; i < 3; i++) {
      const d = renewalDecision({ ...anchored, periodEndMs: end }, month, end);
      if (d.kind !== 'charge') throw new Error(d.kind);
      end = d.periodEndMs;
      ends.push(new Date(end).toISOString().slice(0, 10));
    }
    expect(ends).toEqual(['2026-03-31', '2026-04-30', '2026-05-31']);
    // Without an anchor the day drifts to the shortest month's.
    const drift = renewalDecision(
      { ...base, periodEndMs: Date.UTC(2026, 1, 28, 12) },
      month,
      Date.UTC(2026, 1, 28, 12),
    );
    expect(drift.kind === 'charge' && new Date(drift.periodEndMs).getUTCDate()).toBe(28);
  });

  it('a period plan runs period_duration × unit; a year plan one year', () => {
    const d = renewalDecision(base, { planType: 'period', duration: 30, durationUnit: 'days' }, T0);
    expect(d).toMatchObject({ periodEndMs: T0 + 30 * 86_400_000 });
    expect(renewalDecision(base, { planType: 'year', duration: null, durationUnit: null }, T0)).toMatchObject(
      {
        periodEndMs: Date.UTC(2027, 0, 31, 12),
      },
    );
  });

  it('trial end charges the first cycle (a FIRST coupon still applies), later cycles cost the full price', () => {
    const trial = { ...base, status: 'trialing', nextCycleCents: 639, discountedBillingCycles: 'FIRST' };
    expect(renewalDecision(trial, month, T0)).toMatchObject({ amountCents: 639, nextCycleCents: 799 });
    const all = { ...base, nextCycleCents: 299, discountedBillingCycles: 'ALL' };
    expect(renewalDecision(all, month, T0)).toMatchObject({ amountCents: 299, nextCycleCents: 299 });
  });

  it('"cancelSubscriptionInProgress" ends at period end without a charge', () => {
    expect(renewalDecision({ ...base, cancelSubscriptionInProgress: true }, month, T0)).toEqual({
      kind: 'end',
    });
  });

  it('the §8 renewal failure alert', () => {
    expect(RENEWAL_FAILED_MESSAGE).toBe(
      "We couldn't renew your subscription. Please update your payment information.",
    );
  });
});
