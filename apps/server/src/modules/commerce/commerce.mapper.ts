import type { Bundle, PaymentMethod, Purchase, Rental } from '@marquee/contract';
import { centsToAmount, isRentalType, periodEnd, type Price } from '@marquee/domain';
import type { BundleRow } from './offers/offers.repository';
import type { PaymentMethodRow } from './payment-methods/payment-methods.repository';
import type { PurchaseRow } from './purchases/purchases.repository';

/** A JSON array of ids stored as text (bundles' channels, upgrades…); [] when unreadable. */
export const stringList = (json: string): string[] => {
  try {
    const v = JSON.parse(json) as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
};
const obj = (json: string | null): Record<string, unknown> | null => {
  if (!json) return null;
  try {
    const v = JSON.parse(json) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};

/** "preorderDate (MM/DD/YYYY)": stored as an ISO instant (or already in the spec's form). */
export function preorderDateOf(stored: string | null): string | null {
  if (!stored) return null;
  if (/^\d{2}\/\d{2}\/\d{4}$/.test(stored)) return stored;
  const d = new Date(stored);
  if (Number.isNaN(d.getTime())) return null;
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCMonth() + 1)}/${p(d.getUTCDate())}/${d.getUTCFullYear()}`;
}

function discountOf(price: Price | undefined): Bundle['discount'] {
  if (!price?.discount) return null;
  return {
    couponCode: price.discount.couponCode,
    discountedPrice: centsToAmount(price.discount.discountedPrice),
    discountedPriceCents: price.discount.discountedPrice,
    discountedBillingCycles: price.discount.discountedBillingCycles,
  };
}

export function toBundle(
  row: BundleRow,
  opts: { activeForUser?: boolean; price?: Price; taxesCents?: number } = {},
): Bundle {
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    description: row.description,
    type: row.type,
    planType: row.plan_type,
    recurring: row.recurring === 1,
    amount: centsToAmount(row.amount_cents),
    amountCents: row.amount_cents,
    originalAmount: row.original_amount_cents === null ? null : centsToAmount(row.original_amount_cents),
    originalAmountCents: row.original_amount_cents,
    taxesAmount: centsToAmount(opts.taxesCents ?? 0),
    discount: discountOf(opts.price),
    trialPeriod: row.recurring === 1 && row.trial_duration_days > 0,
    trialDuration: row.trial_duration_days,
    trialDurationUnit: row.trial_duration_unit ?? 'days',
    periodDuration: row.period_duration,
    durationUnit: row.duration_unit,
    duration: row.duration,
    preorderEnabled: row.preorder_date !== null,
    preorderDate: preorderDateOf(row.preorder_date),
    enabled: row.enabled === 1,
    isDeleted: row.is_deleted === 1,
    unlisted: row.unlisted === 1,
    subscribeAllowed: row.subscribe_allowed === 1,
    premium: row.premium === 1,
    passcode: row.passcode !== null && row.passcode !== '',
    channels: stringList(row.channels),
    liveChannels: stringList(row.live_channels),
    videoUids: stringList(row.video_uids),
    hideChannelDetails: row.hide_channel_details === 1,
    activeForUser: opts.activeForUser ?? false,
    requiresShippingAddress: row.requires_shipping_address === 1,
    upgradesToBundles: stringList(row.upgrades_to),
    purchasedText: row.purchased_text,
    unlistedDescription: row.unlisted_description,
    unlistedRedirect: row.unlisted_redirect,
    giftable: row.giftable === 1,
  };
}

export const isRental = (row: Pick<BundleRow, 'type'>) => isRentalType(row.type);

export function toRental(row: BundleRow, nowMs: number, price?: Price): Rental {
  const end = periodEnd(nowMs, {
    planType: 'rental',
    duration: row.duration,
    durationUnit: row.duration_unit,
  });
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    description: row.description,
    amount: centsToAmount(row.amount_cents),
    amountCents: row.amount_cents,
    duration: row.duration,
    durationUnit: row.duration_unit ?? 'hours',
    discount: discountOf(price),
    availableTo: end === null ? null : new Date(end).toISOString(),
    videoUids: stringList(row.video_uids),
  };
}

const STATUSES = ['active', 'trialing', 'canceled', 'suspended'] as const;

export function toPurchase(row: PurchaseRow): Purchase {
  const access = obj(row.access_info);
  const history = (() => {
    try {
      const v = JSON.parse(row.status_history) as unknown;
      return Array.isArray(v)
        ? v
            .filter((h): h is { status: string; timestamp: string } => !!h && typeof h === 'object')
            .map((h) => ({ status: String(h.status), timestamp: String(h.timestamp) }))
        : [];
    } catch {
      return [];
    }
  })();
  const cycles = row.discounted_billing_cycles;
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    type: row.type,
    status: (STATUSES as readonly string[]).includes(row.status)
      ? (row.status as Purchase['status'])
      : 'canceled',
    bundleId: row.bundle_id,
    amount: centsToAmount(row.amount_cents),
    amountCents: row.amount_cents,
    originalAmount: row.original_amount_cents === null ? null : centsToAmount(row.original_amount_cents),
    originalAmountCents: row.original_amount_cents,
    taxesAmount: centsToAmount(row.taxes_amount_cents),
    taxesAmountCents: row.taxes_amount_cents,
    isRecurring: row.is_recurring === 1,
    discountedBillingCycles: cycles === 'FIRST' || cycles === 'ALL' ? cycles : null,
    gateway: row.gateway,
    gatewayId: row.gateway_id,
    gatewayMethod: row.gateway_method,
    paymentMethodId: row.payment_method_id,
    planType: row.plan_type,
    couponCode: row.coupon_code,
    availableFrom: row.available_from,
    availableTo: row.available_to,
    trialEndsAt: row.trial_ends_at,
    nextPaymentCents: row.is_recurring === 1 && row.status !== 'canceled' ? row.next_cycle_cents : null,
    previousPurchase: row.previous_purchase,
    accessInfo:
      access &&
      ['series', 'movie', 'video'].includes(String(access.contentType)) &&
      typeof access.contentUid === 'string'
        ? { contentType: access.contentType as 'series' | 'movie' | 'video', contentUid: access.contentUid }
        : null,
    bundleType: row.bundle_type,
    billingAddress: obj(row.billing_address),
    shippingAddress: obj(row.shipping_address),
    shippingFullName: row.shipping_full_name,
    description: row.description,
    canceledDate: row.canceled_date,
    statusHistory: history,
    cancelSubscriptionInProgress: row.cancel_subscription_in_progress === 1,
    isGift: row.is_gift === 1,
    giftRecipientEmail: row.is_gift === 1 ? row.gifted_to_email : null,
    giftRedeemedAt: row.is_gift === 1 ? row.redeemed_at : null,
    createdAt: row.created_at,
  };
}

export function toPaymentMethod(row: PaymentMethodRow): PaymentMethod {
  return {
    id: row.id,
    gateway: row.gateway,
    isDefault: row.is_default === 1,
    last4: row.last4,
    cardType: row.card_type,
    expMonth: row.exp_month,
    expYear: row.exp_year,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
  };
}
