import type { BillingCycles } from './constants';
import { periodEnd } from './pricing';

/** "Renewal failure alert" (§8), shown with the suspended-purchase alert after login. */
export const RENEWAL_FAILED_MESSAGE =
  "We couldn't renew your subscription. Please update your payment information.";

/** A recurring purchase as the renewal rule sees it. */
export interface RenewingPurchase {
  status: string;
  isRecurring: boolean;
  cancelSubscriptionInProgress: boolean;
  /** End of the trial or of the paid period (ms). */
  periodEndMs: number | null;
  /** When billing started (the first paid period's start): its day of month anchors later periods. */
  billingAnchorMs?: number | null;
  nextCycleCents: number | null;
  originalAmountCents: number;
  discountedBillingCycles: BillingCycles | string | null;
}

export type RenewalDecision =
  | { kind: 'notDue' }
  /** Canceled at period end (cancelSubscriptionInProgress): ends, no charge. */
  | { kind: 'end' }
  | {
      kind: 'charge';
      amountCents: number;
      /** The period this charge pays for. */
      periodStartMs: number;
      periodEndMs: number;
      /** The price of the cycle after this one (a FIRST coupon has been used up). */
      nextCycleCents: number;
    };

/**
 * What to do with a recurring purchase at `nowMs` (issue 6 item 7: "renews recurring purchases at
 * trial end and period end by charging the saved method"). Only active or trialing recurring
 * purchases whose period is over renew; the new period runs from the old end by the plan (a month,
 * a year, `period` × unit), month and year plans on the billing anchor's day (Jan 31 → Feb 28 →
 * Mar 31). A FIRST coupon discounts only the first paid cycle, so after it the
 * cycle costs the original amount; ALL keeps the discount.
 */
export function renewalDecision(
  p: RenewingPurchase,
  plan: { planType: string; duration: number | null; durationUnit: string | null },
  nowMs: number,
): RenewalDecision {
  if (!p.isRecurring || (p.status !== 'active' && p.status !== 'trialing')) return { kind: 'notDue' };
  if (p.periodEndMs === null || p.periodEndMs > nowMs) return { kind: 'notDue' };
  if (p.cancelSubscriptionInProgress) return { kind: 'end' };
  const anchorDay = p.billingAnchorMs ? new Date(p.billingAnchorMs).getUTCDate() : undefined;
  const end = periodEnd(p.periodEndMs, plan, anchorDay);
  if (end === null) return { kind: 'notDue' };
  const amountCents = p.nextCycleCents ?? p.originalAmountCents;
  const nextCycleCents = p.discountedBillingCycles === 'ALL' ? amountCents : p.originalAmountCents;
  return { kind: 'charge', amountCents, periodStartMs: p.periodEndMs, periodEndMs: end, nextCycleCents };
}

/** A purchase the user must act on after login (§4: "A suspended purchase triggers an alert after login"). */
export const needsPaymentUpdate = (status: string): boolean => status === 'suspended';
