import type { Bundle, Purchase, Rental } from '@marquee/contract';
import { COMMERCE_MESSAGES, isRentalType, upgradeTargets } from '@marquee/domain';

/** Subscribe parameters' `data` (§2): which offers unlock the title the viewer came from. */
export interface OfferHints {
  videoUid?: string | null;
  bundleId?: string | null;
  bundleIds?: string[];
  rentalId?: string | null;
  rentalIds?: string[];
  productIds?: string[];
}

/** Parses `?data=` (JSON); anything unreadable is no hint. */
export function parseHints(raw: string | null): OfferHints | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as unknown;
    if (!v || typeof v !== 'object') return null;
    const o = v as Record<string, unknown>;
    const str = (x: unknown) => (typeof x === 'string' && x ? x : null);
    const list = (x: unknown) =>
      Array.isArray(x) ? x.filter((i): i is string => typeof i === 'string') : [];
    return {
      videoUid: str(o.videoUid),
      bundleId: str(o.bundleId),
      bundleIds: list(o.bundleIds),
      rentalId: str(o.rentalId),
      rentalIds: list(o.rentalIds),
      productIds: list(o.productIds),
    };
  } catch {
    return null;
  }
}

/** Every offer id the hints name (empty: no filter). */
export function hintedIds(h: OfferHints | null): Set<string> {
  const ids = new Set<string>();
  if (!h) return ids;
  for (const id of [
    h.bundleId,
    h.rentalId,
    ...(h.bundleIds ?? []),
    ...(h.rentalIds ?? []),
    ...(h.productIds ?? []),
  ])
    if (id) ids.add(id);
  return ids;
}

export interface OfferSections {
  /** Recurring and one-time bundles (ENTIRE_SITE, CHANNELS, DISABLE_ADS). */
  buy: Bundle[];
  /** Rentals (§3 "otherwise rental"). */
  rent: Rental[];
  /** PRODUCT bundles. */
  products: Bundle[];
  /** Bundles the viewer's held bundles upgrade to, not held already. */
  upgrade: Bundle[];
}

/**
 * §2 "Bundle lists have Buy, Rent and Upgrade To sections": the offers by section, limited to the
 * hinted ones when the viewer came from a title (a title's hints name what unlocks it).
 */
export function offerSections(bundles: Bundle[], rentals: Rental[], hints: OfferHints | null): OfferSections {
  const only = hintedIds(hints);
  const keep = (id: string) => only.size === 0 || only.has(id);
  const held = bundles.filter((b) => b.activeForUser);
  const upgradeIds = new Set(held.flatMap((b) => b.upgradesToBundles));
  const listed = bundles.filter((b) => !isRentalType(b.type));
  return {
    buy: listed.filter((b) => b.type !== 'PRODUCT' && keep(b.id)),
    rent: rentals.filter((r) => keep(r.id)),
    products: listed.filter((b) => b.type === 'PRODUCT' && keep(b.id)),
    upgrade: only.size === 0 ? listed.filter((b) => upgradeIds.has(b.id) && !b.activeForUser) : [],
  };
}

/**
 * Which of the viewer's purchases each Upgrade To offer upgrades: target bundle id → purchase id
 * (§4 Purchases page upgrade rules, `upgradeTargets` in @marquee/domain: recurring, an upgradable
 * gateway, active or trialing, the target not held). The first purchase found wins (newest first).
 */
export function upgradeSources(
  bundles: readonly Bundle[],
  purchases: readonly Purchase[],
): Map<string, string> {
  const byId = new Map(bundles.map((b) => [b.id, b]));
  const held = bundles.filter((b) => b.activeForUser).map((b) => b.id);
  const sources = new Map<string, string>();
  for (const p of purchases) {
    const from = p.bundleId ? byId.get(p.bundleId) : undefined;
    if (!from) continue;
    for (const target of upgradeTargets(p, from.upgradesToBundles, held)) {
      if (!sources.has(target)) sources.set(target, p.id);
    }
  }
  return sources;
}

/** §2 "If the user already has any active bundle and the oneActiveSub flag is set, subscribe goes to purchases." */
export const oneActiveSubBlocks = (oneActiveSub: boolean, bundles: Bundle[]) =>
  oneActiveSub && bundles.some((b) => b.activeForUser);

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type GiftErrors = Partial<
  Record<'name' | 'email' | 'form', 'requiredFields' | 'invalidEmail' | 'sameEmail'>
>;

/**
 * §5 "Gift form: name and e-mail required ("Please fill in all required fields"); valid e-mail;
 * recipient equal to giver gives "Gift recipient and giver can't have the same email address."".
 */
export function validateGift(
  gift: { name: string; email: string },
  giverEmail: string | null | undefined,
): GiftErrors {
  const errors: GiftErrors = {};
  if (!gift.name.trim()) errors.name = 'requiredFields';
  if (!gift.email.trim()) errors.email = 'requiredFields';
  if (errors.name || errors.email) return { ...errors, form: 'requiredFields' };
  if (!EMAIL.test(gift.email.trim())) return { email: 'invalidEmail', form: 'invalidEmail' };
  if (giverEmail && gift.email.trim().toLowerCase() === giverEmail.trim().toLowerCase())
    return { email: 'sameEmail', form: 'sameEmail' };
  return errors;
}

/**
 * §5 "The errors "Coupon is not applicable to Rental" and "Coupon is not applicable to Bundle" are
 * ignored for the type concerned; other coupon errors propagate": a list priced with a coupon shows
 * the undiscounted offers of that type and no error.
 */
export function isIgnoredCouponError(message: string, type: 'Bundle' | 'Rental'): boolean {
  return type === 'Rental'
    ? message === COMMERCE_MESSAGES.couponNotForRental
    : message === COMMERCE_MESSAGES.couponNotForBundle;
}

/** The list's bundles with the coupon's discount where the coupon applies (matched by id). */
export function withCouponDiscounts(bundles: Bundle[], discounted: Bundle[] | undefined): Bundle[] {
  if (!discounted) return bundles;
  const byId = new Map(discounted.map((b) => [b.id, b.discount]));
  return bundles.map((b) => (byId.get(b.id) ? { ...b, discount: byId.get(b.id)! } : b));
}
