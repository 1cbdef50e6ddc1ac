import { timingSafeEqual } from 'node:crypto';
import type { Bundle, Rental } from '@marquee/contract';
import {
  centsToAmount,
  checkCoupon,
  COMMERCE_MESSAGES,
  COUPON_MESSAGES,
  isRentalType,
  priceOffer,
  validateAddress,
  type Coupon,
  type Price,
  type PricedOffer,
} from '@marquee/domain';
import type { AuthUser } from '../../../plugins/auth';
import { AppError, badRequest } from '../../../plugins/errors';
import type { Site } from '../../sites';
import { stringList, toBundle, toRental } from '../commerce.mapper';
import type { PurchasesRepository } from '../purchases/purchases.repository';
import type { BundleRow, CouponRow, OffersRepository } from './offers.repository';
import type { TaxProvider } from './tax-provider';

export type OffersDeps = {
  repo: OffersRepository;
  purchases: Pick<PurchasesRepository, 'livePurchases'>;
  /** The built-in table; `avalara` when an AvaTax client is configured (used with allowAvalara). */
  taxes: { table: TaxProvider; avalara?: TaxProvider };
  now: () => number;
};

export const unavailable = () =>
  new AppError(404, 'unavailable', COMMERCE_MESSAGES.unavailableBundle, 'resourceId');

export function toCoupon(row: CouponRow): Coupon {
  return {
    code: row.code,
    kind: row.discount_kind === 'amount' ? 'amount' : 'percent',
    value: row.discount_value,
    billingCycles: row.billing_cycles === 'ALL' ? 'ALL' : 'FIRST',
    bundleIds: stringList(row.bundle_ids),
    appliesTo: row.applies_to === 'bundle' || row.applies_to === 'rental' ? row.applies_to : 'any',
    expiresAt: row.expires_at,
  };
}

export const offerOf = (row: BundleRow): PricedOffer => ({
  id: row.id,
  type: row.type,
  amountCents: row.amount_cents,
  recurring: row.recurring === 1,
});

/** An empty coupon code is refused before anything is looked up (400 naming couponCode). */
export function requiredCouponCode(code: string): string {
  if (!code) throw badRequest('couponCode', COMMERCE_MESSAGES.requiredInformation);
  return code;
}

/** Constant-time passcode comparison. */
export function passcodeMatches(expected: string, given: string | undefined): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The catalogue: offers, coupons and taxes (accounts-and-commerce §4, §7 Bundles, Rentals).
 * Checkout, purchases and payment methods are in their own folders.
 */
export function createOffersService(deps: OffersDeps) {
  const { repo, now } = deps;
  const iso = () => new Date(now()).toISOString();

  /** Bundle ids the viewer holds now on the site. */
  async function liveBundleIds(siteUid: string, user: AuthUser | null): Promise<Set<string>> {
    if (!user || user.siteUid !== siteUid) return new Set();
    const live = await deps.purchases.livePurchases(siteUid, user.id, iso());
    return new Set(live.map((p) => p.bundle_id).filter((id): id is string => id !== null));
  }

  /** A coupon for an offer, or the 400 naming couponCode with its message (§5). */
  async function couponFor(siteUid: string, offer: PricedOffer, code: string): Promise<Coupon> {
    const row = await repo.coupon(siteUid, code);
    const coupon = row ? toCoupon(row) : undefined;
    const check = checkCoupon(offer, coupon, now());
    if (!check.ok)
      throw new AppError(400, `coupon.${check.error}`, COUPON_MESSAGES[check.error], 'couponCode');
    return coupon!;
  }

  /** A listed offer's price with a coupon, leaving it undiscounted when the coupon does not apply to it. */
  async function priceWithOptionalCoupon(siteUid: string, row: BundleRow, code?: string): Promise<Price> {
    if (!code) return priceOffer(offerOf(row));
    try {
      return priceOffer(offerOf(row), await couponFor(siteUid, offerOf(row), code));
    } catch (err) {
      if (err instanceof AppError && err.code !== 'coupon.unknown' && err.code !== 'coupon.expired')
        return priceOffer(offerOf(row));
      throw err;
    }
  }

  const sellable = (row: BundleRow) => row.enabled === 1 && row.is_deleted === 0;
  const listed = (row: BundleRow) => sellable(row) && row.unlisted === 0;

  async function bundleList(
    siteUid: string,
    user: AuthUser | null,
    filter: (row: BundleRow, live: Set<string>) => boolean,
    couponCode?: string,
  ): Promise<Bundle[]> {
    const [rows, live] = await Promise.all([repo.bundles(siteUid), liveBundleIds(siteUid, user)]);
    const out: Bundle[] = [];
    for (const row of rows.filter((r) => listed(r) && !isRentalType(r.type) && filter(r, live)))
      out.push(
        toBundle(row, {
          activeForUser: live.has(row.id),
          price: couponCode ? await priceWithOptionalCoupon(siteUid, row, couponCode) : undefined,
        }),
      );
    return out;
  }

  async function rentalList(siteUid: string, couponCode?: string): Promise<Rental[]> {
    const rows = (await repo.bundles(siteUid)).filter((r) => listed(r) && isRentalType(r.type));
    const out: Rental[] = [];
    for (const row of rows)
      out.push(
        toRental(
          row,
          now(),
          couponCode ? await priceWithOptionalCoupon(siteUid, row, couponCode) : undefined,
        ),
      );
    return out;
  }

  return {
    quoteTax,
    couponFor,
    sellable,
    liveBundleIds,

    // ---------- catalogue ----------
    bundles: (site: Site, user: AuthUser | null) => bundleList(site.uid, user, () => true),
    giftables: (site: Site, user: AuthUser | null) => bundleList(site.uid, user, (r) => r.giftable === 1),
    rentals: (site: Site, couponCode?: string) => rentalList(site.uid, couponCode),

    /** Bundles the viewer does not hold (GET /api/payment/nonpurchasedbundles[/coupon/{code}]). */
    nonPurchased: (user: AuthUser, couponCode?: string) =>
      bundleList(user.siteUid, user, (r, live) => !live.has(r.id), couponCode),

    /** One bundle by id (unlisted ones too: that is how they are reached), 404 when not for sale. */
    async bundle(siteUid: string, id: string, user: AuthUser | null): Promise<Bundle> {
      const row = await repo.bundle(siteUid, id);
      if (!row || !sellable(row)) throw unavailable();
      return toBundle(row, { activeForUser: (await liveBundleIds(siteUid, user)).has(row.id) });
    },

    /** POST bundles/{id}/apply-coupon → the bundle with its discount and "Promo Code Applied". */
    async applyCoupon(site: Site, id: string, code: string, user: AuthUser | null) {
      const row = await repo.bundle(site.uid, id);
      if (!row || !sellable(row)) throw unavailable();
      const price = priceOffer(offerOf(row), await couponFor(site.uid, offerOf(row), code));
      return {
        bundle: toBundle(row, { price, activeForUser: (await liveBundleIds(site.uid, user)).has(row.id) }),
        message: COMMERCE_MESSAGES.promoApplied,
      };
    },

    /**
     * POST bundles/{id}/taxes: the tax on the first payment (after coupon and proration) at an
     * address. Zero unless the site sets allowAvalara (§4 "Taxes are calculated when allowAvalara
     * is set"); then AvaTax when configured, else the operator's table.
     */
    async taxes(
      site: Site,
      id: string,
      body: {
        address: Parameters<typeof validateAddress>[0];
        couponCode?: string;
        prorationDiscount?: number;
      },
    ) {
      const row = await repo.bundle(site.uid, id);
      if (!row || !sellable(row)) throw unavailable();
      const missing = Object.keys(validateAddress(body.address));
      if (missing.length > 0)
        throw badRequest(`address.${missing[0]}`, COMMERCE_MESSAGES.requiredInformation);
      const price = body.couponCode
        ? priceOffer(offerOf(row), await couponFor(site.uid, offerOf(row), body.couponCode))
        : priceOffer(offerOf(row));
      const subtotal = Math.max(0, price.firstCycleCents - (body.prorationDiscount ?? 0));
      const quote = await quoteTax(site, subtotal, body.address as Required<AddressLike>);
      return {
        taxesAmount: centsToAmount(quote.taxCents),
        taxesAmountCents: quote.taxCents,
        rateBp: quote.rateBp,
        provider: quote.provider,
        subtotalCents: subtotal,
        totalCents: subtotal + quote.taxCents,
      };
    },
  };

  async function quoteTax(site: Site, amountCents: number, address: Required<AddressLike>) {
    if (!site.perms.allowAvalara || amountCents === 0) return { taxCents: 0, rateBp: 0, provider: 'none' };
    const provider = deps.taxes.avalara ?? deps.taxes.table;
    return provider.quote({
      siteUid: site.uid,
      amountCents,
      address: {
        countryCode: String(address.countryCode),
        state: String(address.state),
        zip: String(address.zip),
        city: String(address.city),
        address1: String(address.address1),
      },
    });
  }
}

type AddressLike = {
  address1?: string | null;
  city?: string | null;
  state?: string | null;
  zip?: string | null;
  countryCode?: string | null;
};

export type OffersService = ReturnType<typeof createOffersService>;
