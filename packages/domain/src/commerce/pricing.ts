import { isRentalType, type BillingCycles, type DurationUnit, type PlanType } from './constants';
import type { CouponError } from './messages';
import { mulDivCents, type Cents } from './money';

/** What pricing needs of a bundle or rental. */
export interface PricedOffer {
  id: string;
  /** ENTIRE_SITE, CHANNELS, PRODUCT, DISABLE_ADS; anything else is a rental. */
  type: string;
  amountCents: Cents;
  recurring: boolean;
}

export interface Coupon {
  code: string;
  kind: 'percent' | 'amount';
  /** Percent 0–100, or cents off. */
  value: number;
  billingCycles: BillingCycles;
  /** The offers it is limited to; empty = any. */
  bundleIds: readonly string[];
  /** 'any', or only bundles / only rentals (the spec's "not applicable to Rental/Bundle"). */
  appliesTo: 'any' | 'bundle' | 'rental';
  /** ISO instant, or null for never. */
  expiresAt: string | null;
}

export type CouponCheck = { ok: true } | { ok: false; error: CouponError };

/**
 * Whether `coupon` may be used on `offer` at `now`: unknown (undefined), expired, for the other kind
 * of offer ("Coupon is not applicable to Rental" / "…to Bundle", §5) or for other offers.
 */
export function checkCoupon(offer: PricedOffer, coupon: Coupon | undefined, now: number): CouponCheck {
  if (!coupon) return { ok: false, error: 'unknown' };
  if (coupon.expiresAt !== null && Date.parse(coupon.expiresAt) <= now)
    return { ok: false, error: 'expired' };
  const rental = isRentalType(offer.type);
  if (rental && coupon.appliesTo === 'bundle') return { ok: false, error: 'notForRental' };
  if (!rental && coupon.appliesTo === 'rental') return { ok: false, error: 'notForBundleType' };
  if (coupon.bundleIds.length > 0 && !coupon.bundleIds.includes(offer.id))
    return { ok: false, error: 'notForBundle' };
  return { ok: true };
}

/** The price after the coupon, never below zero. */
export function discountedPrice(amountCents: Cents, coupon: Pick<Coupon, 'kind' | 'value'>): Cents {
  const off =
    coupon.kind === 'percent'
      ? mulDivCents(amountCents, Math.min(100, Math.max(0, coupon.value)), 100)
      : Math.max(0, coupon.value);
  return Math.max(0, amountCents - off);
}

export interface Price {
  /** List price of one cycle (or of the one-time offer). */
  amountCents: Cents;
  /** What the first cycle costs before tax, trial and proration. */
  firstCycleCents: Cents;
  /** What every later cycle costs (equal to amountCents unless the coupon is ALL); null when not recurring. */
  laterCyclesCents: Cents | null;
  /** The spec's Bundle.discount. */
  discount: { couponCode: string; discountedPrice: Cents; discountedBillingCycles: BillingCycles } | null;
  /**
   * The free gateway applies: "The free gateway is set when the amount is zero or a coupon makes it
   * free. A free purchase has discountedPrice 0 and either ALL billing cycles or not recurring."
   */
  free: boolean;
}

/**
 * The price of an offer with an optional (already checked) coupon. FIRST discounts the first cycle
 * only; ALL every cycle; a one-time offer has only a first cycle.
 */
export function priceOffer(offer: PricedOffer, coupon?: Coupon): Price {
  const later = offer.recurring ? offer.amountCents : null;
  if (!coupon) {
    return {
      amountCents: offer.amountCents,
      firstCycleCents: offer.amountCents,
      laterCyclesCents: later,
      discount: null,
      free: offer.amountCents === 0,
    };
  }
  const price = discountedPrice(offer.amountCents, coupon);
  const allCycles = coupon.billingCycles === 'ALL';
  return {
    amountCents: offer.amountCents,
    firstCycleCents: price,
    laterCyclesCents: offer.recurring ? (allCycles ? price : offer.amountCents) : null,
    discount: {
      couponCode: coupon.code,
      discountedPrice: price,
      discountedBillingCycles: coupon.billingCycles,
    },
    free: offer.amountCents === 0 || (price === 0 && (allCycles || !offer.recurring)),
  };
}

/** Adds `count` units to an instant (calendar months and years, clamped to the month's last day). */
export function addDuration(fromMs: number, count: number, unit: DurationUnit, anchorDay?: number): number {
  const HOUR = 3_600_000;
  if (unit === 'hours') return fromMs + count * HOUR;
  if (unit === 'days') return fromMs + count * 24 * HOUR;
  if (unit === 'weeks') return fromMs + count * 7 * 24 * HOUR;
  const d = new Date(fromMs);
  const months = unit === 'months' ? count : count * 12;
  // A billing anchor keeps the 31st the 31st after a shorter month (no drift to the 28th).
  const day = anchorDay ?? d.getUTCDate();
  const target = new Date(d);
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.getTime();
}

/** Normalizes the spec's unit spellings (day, Days, month…) to ours; unknown → undefined. */
export function parseDurationUnit(unit: string | null | undefined): DurationUnit | undefined {
  if (!unit) return undefined;
  const u = unit.toLowerCase().replace(/s$/, '');
  const map: Record<string, DurationUnit> = {
    hour: 'hours',
    day: 'days',
    week: 'weeks',
    month: 'months',
    year: 'years',
  };
  return map[u];
}

/**
 * The end of one billing period or access window that starts at `fromMs`: month and year plans a
 * calendar month or year (on `anchorDay`, the day of month billing started on, when given); period and rental plans `duration` × `durationUnit` (rentals default to
 * hours); single (one-time) plans never end (null).
 */
export function periodEnd(
  fromMs: number,
  plan: { planType: PlanType | string; duration: number | null; durationUnit: string | null },
  anchorDay?: number,
): number | null {
  if (plan.planType === 'month') return addDuration(fromMs, 1, 'months', anchorDay);
  if (plan.planType === 'year') return addDuration(fromMs, 1, 'years', anchorDay);
  if (plan.planType === 'period' || plan.planType === 'rental') {
    const unit = parseDurationUnit(plan.durationUnit) ?? (plan.planType === 'rental' ? 'hours' : 'days');
    if (!plan.duration || plan.duration <= 0) return null;
    return addDuration(fromMs, plan.duration, unit);
  }
  return null;
}

/**
 * "A trial is usable unless perm oneTrialPerUser is set and the user has already used a trial on this
 * site" (§4 Checkout). Only recurring offers with a positive trial have one.
 */
export function trialApplies(
  offer: { recurring: boolean; trialDuration: number },
  user: { oneTrialPerUser: boolean; trialUsedOnSite: boolean },
): boolean {
  if (!offer.recurring || offer.trialDuration <= 0) return false;
  return !(user.oneTrialPerUser && user.trialUsedOnSite);
}

/** When a trial that starts at `fromMs` ends ("trialDuration (days), trialDurationUnit"; days by default). */
export function trialEnd(fromMs: number, trialDuration: number, trialDurationUnit?: string | null): number {
  return addDuration(fromMs, trialDuration, parseDurationUnit(trialDurationUnit) ?? 'days');
}

/**
 * Proration for an upgrade: "Proration is shown as unused time, applying to the first payment only"
 * (§4 Purchases page). The unused share of what was paid for the current period, in whole cents
 * (rounded down, so the credit never exceeds what was paid). A trialing or free purchase paid
 * nothing and earns no credit.
 */
export function unusedTimeCredit(current: {
  paidCents: Cents;
  periodStartMs: number;
  periodEndMs: number | null;
  nowMs: number;
}): Cents {
  const { paidCents, periodStartMs, periodEndMs, nowMs } = current;
  if (paidCents <= 0 || periodEndMs === null || periodEndMs <= periodStartMs) return 0;
  const remaining = Math.min(Math.max(0, periodEndMs - nowMs), periodEndMs - periodStartMs);
  return Math.floor((paidCents * remaining) / (periodEndMs - periodStartMs));
}

/** The upgrade's first payment: the new plan's first cycle less the credit, never below zero. */
export function proratedFirstPayment(firstCycleCents: Cents, creditCents: Cents): Cents {
  return Math.max(0, firstCycleCents - creditCents);
}
