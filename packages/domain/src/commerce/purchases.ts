import { COMMERCE_LIMITS } from './constants';

/**
 * The Purchases page's rules (accounts-and-commerce §4 Purchases page, §9; decision 0035): which
 * purchases are listed, and when the payment method may change or an upgrade is offered.
 */

/** Gateways whose purchases renew on a saved card: their method can be changed (§4 "the listed"). */
export const CARD_GATEWAYS = ['test', 'stripe', 'authorizenet'] as const;
/** Gateways a purchase may be upgraded from: the card gateways and the wallet's subscriptions. */
export const UPGRADE_GATEWAYS = [...CARD_GATEWAYS, 'paypal-sub'] as const;

/** What the rules read of a purchase (the contract's Purchase has all of it). */
export interface ListedPurchase {
  id: string;
  status: string;
  isRecurring: boolean;
  gateway: string;
  bundleId: string | null;
  previousPurchase: string | null;
}

/** "Purchases replaced by a later purchase (previousPurchase) are hidden." */
export function hideReplaced<T extends ListedPurchase>(list: readonly T[]): T[] {
  const replaced = new Set(list.map((p) => p.previousPurchase).filter((id): id is string => !!id));
  return list.filter((p) => !replaced.has(p.id));
}

/**
 * Which list of the Purchases page shows a purchase: `purchasedbundles` answers every purchase, so
 * rentals (type RENTAL) and donations (type Donation) are left to their own sections.
 */
export function purchaseSection(p: { type: string }): 'purchased' | 'rentals' | 'donations' {
  if (p.type === 'RENTAL') return 'rentals';
  if (p.type === 'Donation') return 'donations';
  return 'purchased';
}

/** "Payment method may be changed if recurring, gateway is one of the listed, and status is not canceled." */
export function canChangeMethod(p: ListedPurchase): boolean {
  return p.isRecurring && (CARD_GATEWAYS as readonly string[]).includes(p.gateway) && p.status !== 'canceled';
}

/** A recurring purchase that is not canceled (nor being canceled at period end) may be canceled. */
export function canCancel(p: ListedPurchase & { cancelSubscriptionInProgress?: boolean }): boolean {
  return p.status !== 'canceled' && !p.cancelSubscriptionInProgress;
}

/**
 * The bundles a purchase may be upgraded to: "if recurring, gateway listed, status active or
 * trialing, and at least one upgrade bundle not already purchased". Empty: no Upgrade button.
 */
export function upgradeTargets(
  p: ListedPurchase,
  upgradesToBundles: readonly string[],
  heldBundleIds: readonly string[],
): string[] {
  if (!p.isRecurring || !(UPGRADE_GATEWAYS as readonly string[]).includes(p.gateway)) return [];
  if (p.status !== 'active' && p.status !== 'trialing') return [];
  const held = new Set(heldBundleIds);
  return upgradesToBundles.filter((id) => !held.has(id));
}

/** Whole hours left of a rental under 24 h from its end ("show hours remaining"), else null. */
export function rentalHoursLeft(availableTo: string | null, nowMs: number): number | null {
  if (!availableTo) return null;
  const end = Date.parse(availableTo);
  if (Number.isNaN(end) || end <= nowMs) return null;
  const hours = (end - nowMs) / 3_600_000;
  return hours < COMMERCE_LIMITS.rentalHoursThreshold ? Math.max(1, Math.ceil(hours)) : null;
}

/** A rental is listed while its window is open (active rentals). */
export function isActiveRental(p: { status: string; availableTo: string | null }, nowMs: number): boolean {
  if (p.status !== 'active' && p.status !== 'trialing') return false;
  return !p.availableTo || Date.parse(p.availableTo) > nowMs;
}

/**
 * §4 Checkout: "Success message, then auto-continue after 3 s (not for one brand's club bundle)".
 * Ours (decision 0034): a bundle with its own `purchasedText` (a club's welcome, what to do next)
 * stays on the success message until the viewer continues, since that text is there to be read.
 */
export const autoContinuesAfterPurchase = (bundle: { purchasedText?: string | null }): boolean =>
  !bundle.purchasedText?.trim();
