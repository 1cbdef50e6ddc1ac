import { timingSafeEqual } from 'node:crypto';
import type { Bundle, CreatePaymentMethodBody, PaymentMethod, Purchase, Rental } from '@marquee/contract';
import {
  cardTypeOf,
  centsToAmount,
  checkCoupon,
  COMMERCE_MESSAGES,
  COUPON_MESSAGES,
  declineMessage,
  deleteMethodMessage,
  isRentalType,
  priceOffer,
  proratedFirstPayment,
  resolvePerms,
  toPage,
  unusedTimeCredit,
  validateAddress,
  validateCard,
  type Coupon,
  type Perms,
  type Price,
  type PricedOffer,
} from '@marquee/domain';
import { randomUUID } from 'node:crypto';
import type { AuthUser } from '../../plugins/auth';
import { AppError, badRequest } from '../../plugins/errors';
import type { SitesService } from '../sites';
import { toBundle, toPaymentMethod, toPurchase, toRental } from './commerce.mapper';
import type { BundleRow, CommerceRepository, CouponRow } from './commerce.repository';
import { GatewayRefusedError, GatewayValidationError, type GatewayRegistry } from './gateways/gateway';
import type { ReactivationOutcome } from './renewals';
import type { TaxProvider } from './tax-provider';

/** Verifies a captcha token for an action (addCard, purchase; §7). */
export type CaptchaCheck = (
  token: string,
  ctx: { siteUid: string; ip?: string; action: string },
) => Promise<void>;

export type CommerceDeps = {
  repo: CommerceRepository;
  sites: Pick<SitesService, 'get'>;
  gateways: GatewayRegistry;
  /** The gateway names the site has enabled (sites.payment_gateways; decision 0036). */
  siteGateways: (siteUid: string) => Promise<string[]>;
  /** The built-in table; `avalara` when an AvaTax client is configured (used with allowAvalara). */
  taxes: { table: TaxProvider; avalara?: TaxProvider };
  captcha: CaptchaCheck;
  now: () => number;
  /** Told after every purchase change (entitlements cache). */
  onPurchaseChange: (siteUid: string, userId: string) => void;
  /** Restarts billing of a suspended purchase on its (new) saved card (renewals.ts). */
  reactivate: (purchaseId: string) => Promise<ReactivationOutcome>;
};

/** The card update's answer when reactivating the purchase on it did not work. */
function throwUnlessReactivated(outcome: ReactivationOutcome): void {
  if (outcome.kind === 'declined')
    throw new AppError(402, 'cardDeclined', declineMessage(outcome.declineCode), 'gatewayData.paymentMethod');
  if (outcome.kind === 'pending') throw new AppError(502, 'paymentFailed', COMMERCE_MESSAGES.paymentFailure);
}

export const unavailable = () =>
  new AppError(404, 'unavailable', COMMERCE_MESSAGES.unavailableBundle, 'resourceId');
const purchaseNotFound = () => new AppError(404, 'notFound', 'Purchase not found');
const methodNotFound = () => new AppError(404, 'notFound', 'Payment method not found');

export function toCoupon(row: CouponRow): Coupon {
  let ids: string[] = [];
  try {
    ids = JSON.parse(row.bundle_ids) as string[];
  } catch {
    ids = [];
  }
  return {
    code: row.code,
    kind: row.discount_kind === 'amount' ? 'amount' : 'percent',
    value: row.discount_value,
    billingCycles: row.billing_cycles === 'ALL' ? 'ALL' : 'FIRST',
    bundleIds: ids,
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

/** Constant-time passcode comparison. */
export function passcodeMatches(expected: string, given: string | undefined): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Offers, coupons, taxes, saved payment methods and the purchases page (accounts-and-commerce §4,
 * §7 Payments, Bundles, Rentals). Checkout is in `checkout.ts`.
 */
export function createCommerceService(deps: CommerceDeps) {
  const { repo, sites, gateways, now } = deps;
  const iso = () => new Date(now()).toISOString();

  async function siteOf(uid: string): Promise<{ uid: string; perms: Perms }> {
    const site = await sites.get(uid);
    return { uid: site.uid, perms: resolvePerms(JSON.parse(site.perms) as Record<string, unknown>) };
  }

  /** Bundle ids the viewer holds now on the site. */
  async function liveBundleIds(siteUid: string, user: AuthUser | null): Promise<Set<string>> {
    if (!user || user.siteUid !== siteUid) return new Set();
    const live = await repo.livePurchases(siteUid, user.id, iso());
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
    siteParam: string,
    user: AuthUser | null,
    filter: (row: BundleRow, live: Set<string>) => boolean,
    couponCode?: string,
  ): Promise<Bundle[]> {
    const site = await siteOf(siteParam);
    const [rows, live] = await Promise.all([repo.bundles(site.uid), liveBundleIds(site.uid, user)]);
    const out: Bundle[] = [];
    for (const row of rows.filter((r) => listed(r) && !isRentalType(r.type) && filter(r, live)))
      out.push(
        toBundle(row, {
          activeForUser: live.has(row.id),
          price: couponCode ? await priceWithOptionalCoupon(site.uid, row, couponCode) : undefined,
        }),
      );
    return out;
  }

  async function rentalList(siteParam: string, couponCode?: string): Promise<Rental[]> {
    const site = await siteOf(siteParam);
    const rows = (await repo.bundles(site.uid)).filter((r) => listed(r) && isRentalType(r.type));
    const out: Rental[] = [];
    for (const row of rows)
      out.push(
        toRental(
          row,
          now(),
          couponCode ? await priceWithOptionalCoupon(site.uid, row, couponCode) : undefined,
        ),
      );
    return out;
  }

  /** The user's own purchase, or 404 (another user's id never shows its data). */
  async function ownPurchase(user: AuthUser, id: string) {
    const row = await repo.purchase(id);
    if (!row || row.user_id !== user.id || row.site_uid !== user.siteUid) throw purchaseNotFound();
    return row;
  }

  /**
   * The gateways an order on the site may name: those this server runs that the site has enabled
   * (decision 0036), and `free`, which only ever takes zero-amount orders.
   */
  async function enabledGateways(siteUid: string) {
    const enabled = new Set(await deps.siteGateways(siteUid));
    return Object.values(gateways).filter((g) => g.name === 'free' || enabled.has(g.name));
  }

  /** The named gateway when the site takes orders through it; else 400 naming `gateway`. */
  async function gatewayFor(siteUid: string, name: string) {
    const gw = (await enabledGateways(siteUid)).find((g) => g.name === name);
    if (!gw) throw new AppError(400, 'gatewayUnavailable', `The ${name} gateway is not available`, 'gateway');
    return gw;
  }

  async function ownMethod(user: AuthUser, gateway: string, id: string) {
    const row = await repo.method(id);
    if (!row || row.user_id !== user.id || row.gateway !== gateway) throw methodNotFound();
    return row;
  }

  return {
    siteOf,
    quoteTax,
    couponFor,
    ownPurchase,
    ownMethod,
    gatewayFor,
    sellable,

    // ---------- catalogue ----------
    bundles: (siteParam: string, user: AuthUser | null) => bundleList(siteParam, user, () => true),
    giftables: (siteParam: string, user: AuthUser | null) =>
      bundleList(siteParam, user, (r) => r.giftable === 1),
    rentals: (siteParam: string, couponCode?: string) => rentalList(siteParam, couponCode),

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
    async applyCoupon(siteParam: string, id: string, code: string, user: AuthUser | null) {
      if (!code) throw badRequest('couponCode', COMMERCE_MESSAGES.requiredInformation);
      const site = await siteOf(siteParam);
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
      siteParam: string,
      id: string,
      body: {
        address: Parameters<typeof validateAddress>[0];
        couponCode?: string;
        prorationDiscount?: number;
      },
    ) {
      const site = await siteOf(siteParam);
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

    // ---------- purchases page ----------
    async purchasedPage(user: AuthUser, q: { page: number; pageSize: number }, gifts = false) {
      const { rows, total } = await repo.purchasesPage(user.siteUid, user.id, { ...q, gifts });
      return toPage(rows.map(toPurchase), q.page, q.pageSize, total);
    },
    async rentalsPage(user: AuthUser, siteParam: string, q: { page: number; pageSize: number }) {
      const site = await siteOf(siteParam);
      if (site.uid !== user.siteUid) return toPage([], q.page, q.pageSize, 0);
      const { rows, total } = await repo.purchasesPage(site.uid, user.id, { ...q, types: ['RENTAL'] });
      return toPage(rows.map(toPurchase), q.page, q.pageSize, total);
    },
    async purchasedIds(user: AuthUser) {
      return { items: [...(await liveBundleIds(user.siteUid, user))] };
    },
    async purchase(user: AuthUser, id: string): Promise<Purchase> {
      return toPurchase(await ownPurchase(user, id));
    },

    /** POST /api/payment/unsubscribe: "status is updated and canceledDate set". */
    async unsubscribe(user: AuthUser, purchaseId: string): Promise<Purchase> {
      if (!purchaseId)
        throw new AppError(400, 'noSelection', COMMERCE_MESSAGES.noSubscriptionSelected, 'purchaseId');
      const row = await ownPurchase(user, purchaseId);
      if (row.status === 'canceled')
        throw new AppError(409, 'alreadyCanceled', 'This purchase is already canceled', 'purchaseId');
      await repo.cancelPurchase(row.id, user.id, iso());
      deps.onPurchaseChange(row.site_uid, user.id);
      return toPurchase((await repo.purchase(row.id))!);
    },

    upgradeCredit,

    /** GET …/purchases/{id}/calculateProration: the upgrade's unused-time credit and first payment. */
    async proration(user: AuthUser, purchaseId: string, bundleId: string, couponCode?: string) {
      const { credit, bundle } = await upgradeCredit(user, purchaseId, bundleId);
      const offer = offerOf(bundle);
      const price = priceOffer(
        offer,
        couponCode ? await couponFor(user.siteUid, offer, couponCode) : undefined,
      );
      return {
        bundleId: bundle.id,
        unusedTime: centsToAmount(credit),
        unusedTimeCents: credit,
        firstPaymentCents: proratedFirstPayment(price.firstCycleCents, credit),
        laterPaymentsCents: price.laterCyclesCents,
      };
    },

    /**
     * PUT /api/payment/purchases/{id}/method: "Payment method may be changed if recurring, gateway is
     * one of the listed, and status is not canceled"; the method it already renews with is refused
     * with "This is your current payment method, you should choose another one".
     */
    async changePurchaseMethod(user: AuthUser, id: string, gateway: string, methodId: string | undefined) {
      const row = await ownPurchase(user, id);
      if (row.is_recurring !== 1 || row.status === 'canceled' || !gateways[row.gateway]?.savesCards)
        throw new AppError(
          409,
          'methodNotChangeable',
          'The payment method of this purchase cannot be changed',
          'id',
        );
      if (gateway !== row.gateway)
        throw badRequest('gateway', `This purchase is paid through ${row.gateway}`);
      await gatewayFor(user.siteUid, gateway);
      if (!methodId) throw badRequest('gatewayData.paymentMethod', COMMERCE_MESSAGES.requiredInformation);
      const method = await ownMethod(user, gateway, methodId).catch(() => {
        throw new AppError(404, 'notFound', 'Payment method not found', 'gatewayData.paymentMethod');
      });
      if (method.id === row.payment_method_id)
        throw new AppError(
          409,
          'sameMethod',
          COMMERCE_MESSAGES.sameDefaultMethod,
          'gatewayData.paymentMethod',
        );
      await repo.setPurchaseMethod(row.id, method.id, iso());
      deps.onPurchaseChange(row.site_uid, user.id);
      // A suspended purchase (renewal failed) restarts on the new card; the card stays set either way.
      if (row.status === 'suspended') throwUnlessReactivated(await deps.reactivate(row.id));
      return {
        purchase: toPurchase((await repo.purchase(row.id))!),
        message: COMMERCE_MESSAGES.purchasesUpdated,
      };
    },

    async billingHistory(user: AuthUser) {
      const charges = await repo.chargesOfUser(user.siteUid, user.id);
      return {
        items: charges
          .filter((c) => c.status !== 'pending' && c.status !== 'abandoned')
          .map((c) => {
            const plan = JSON.parse(c.purchase_plan) as { name?: string };
            return {
              id: c.id,
              purchaseId: c.purchase_id,
              name: plan.name ?? '',
              gateway: c.gateway,
              amount: centsToAmount(c.amount_cents),
              amountCents: c.amount_cents,
              status: c.status,
              declineCode: c.decline_code,
              createdAt: c.created_at,
            };
          }),
      };
    },

    // ---------- payment methods ----------
    /** GET /api/payment/gateways: the gateways the site has enabled (decision 0036). */
    async gateways(siteUid: string) {
      return {
        items: (await enabledGateways(siteUid)).map((g) => ({
          name: g.name,
          enabled: true,
          savesCards: g.savesCards,
        })),
      };
    },

    async methods(user: AuthUser, gateway: string): Promise<{ items: PaymentMethod[] }> {
      await gatewayFor(user.siteUid, gateway);
      return { items: (await repo.methods(user.id, gateway)).map(toPaymentMethod) };
    },

    /** Checks and saves a card at the gateway (captcha action addCard; §7). */
    async createMethod(
      user: AuthUser,
      gateway: string,
      body: CreatePaymentMethodBody,
      ip: string | undefined,
      action = 'addCard',
    ): Promise<PaymentMethod> {
      const gw = await gatewayFor(user.siteUid, gateway);
      if (!gw.savesCards)
        throw new AppError(400, 'gatewayUnavailable', `The ${gateway} gateway keeps no cards`, 'gateway');
      const card = body.paymentMethod;
      const errors = validateCard(
        {
          cardNumber: card.cardNumber,
          firstName: card.firstName,
          lastName: card.lastName,
          month: card.month,
          year: card.year,
          cardCode: card.cardCode,
          zip: card.zip,
        },
        now(),
      );
      const field = Object.keys(errors).find((k) => k !== 'form');
      if (field)
        throw new AppError(
          400,
          'invalidCard',
          errors[field as keyof typeof errors]!,
          `paymentMethod.${field}`,
        );
      if (!body.recaptchaToken) throw badRequest('recaptchaToken', COMMERCE_MESSAGES.requiredInformation);
      try {
        await deps.captcha(body.recaptchaToken, { siteUid: user.siteUid, ip, action });
      } catch (err) {
        // The captcha names its own field captchaToken; here the field is the spec's recaptchaToken.
        if (err instanceof AppError && err.statusCode === 400)
          throw new AppError(400, err.code, err.message, 'recaptchaToken');
        throw err;
      }
      const number = String(card.cardNumber);
      let saved;
      try {
        saved = await gw.saveCard({
          card: {
            number,
            expMonth: Number(card.month),
            expYear: Number(card.year),
            cvc: String(card.cardCode),
            firstName: String(card.firstName),
            lastName: String(card.lastName),
            zip: String(card.zip),
          },
          customer: { userId: user.id, email: user.email },
        });
      } catch (err) {
        if (err instanceof GatewayValidationError)
          throw new AppError(400, 'cardValidation', COMMERCE_MESSAGES.cardValidation, 'paymentMethod');
        throw err;
      }
      const id = randomUUID();
      await repo.insertMethod(
        {
          id,
          site_uid: user.siteUid,
          user_id: user.id,
          gateway,
          gateway_token: saved.token,
          card_type: cardTypeOf(number),
          last4: saved.last4,
          exp_month: saved.expMonth,
          exp_year: saved.expYear,
          first_name: String(card.firstName).trim(),
          last_name: String(card.lastName).trim(),
          email: user.email,
          billing_address: body.billingAddress ? JSON.stringify(body.billingAddress) : null,
          created_at: iso(),
          is_default: 0,
        },
        body.isDefault === true,
      );
      return toPaymentMethod((await repo.method(id))!);
    },

    /** PUT …/method/default/{gateway}/{id} {applyAllPurchases}. */
    async setDefaultMethod(user: AuthUser, gateway: string, id: string, applyAllPurchases: boolean) {
      await gatewayFor(user.siteUid, gateway);
      const method = await ownMethod(user, gateway, id);
      if (method.is_default === 0) await repo.setDefaultMethod(user.id, gateway, id);
      const updated = applyAllPurchases ? await repo.setPurchasesMethod(user.id, gateway, id, iso()) : 0;
      if (updated > 0) deps.onPurchaseChange(user.siteUid, user.id);
      // Suspended ones restart on the card; one that declines stays suspended (its alert remains).
      if (applyAllPurchases)
        for (const p of await repo.suspendedPurchases(user.id, gateway)) await deps.reactivate(p.id);
      return {
        items: (await repo.methods(user.id, gateway)).map(toPaymentMethod),
        updatedPurchases: updated,
        message: applyAllPurchases ? COMMERCE_MESSAGES.purchasesUpdated : null,
      };
    },

    /**
     * DELETE …/method/remove/{gateway}/{id}. A card a live recurring purchase renews with is refused
     * the way the card gateway refuses it (E00105 → "This payment method is associated with an
     * active purchase…"); any other gateway refusal → "The selected payment method cannot be deleted."
     */
    async removeMethod(user: AuthUser, gateway: string, id: string): Promise<void> {
      const gw = await gatewayFor(user.siteUid, gateway);
      const method = await ownMethod(user, gateway, id);
      if (await repo.methodInUse(method.id))
        throw new AppError(409, 'methodInUse', deleteMethodMessage('E00105'), 'id');
      try {
        await gw.removeCard(method.gateway_token);
      } catch (err) {
        if (err instanceof GatewayRefusedError || err instanceof GatewayValidationError)
          throw new AppError(409, 'methodNotDeleted', deleteMethodMessage(err.message), 'id');
        throw err;
      }
      await repo.deleteMethod(method);
    },
  };

  /**
   * An upgrade of the user's purchase to a bundle: "Upgrade is possible if recurring, gateway listed,
   * status active or trialing, and at least one upgrade bundle not already purchased" (§4). The credit
   * is the unused time of the current period.
   */
  async function upgradeCredit(user: AuthUser, purchaseId: string, bundleId: string) {
    const old = await ownPurchase(user, purchaseId);
    const bundle = await repo.bundle(user.siteUid, bundleId);
    if (!bundle || !sellable(bundle)) throw unavailable();
    const oldBundle = old.bundle_id ? await repo.bundle(user.siteUid, old.bundle_id) : undefined;
    let targets: string[] = [];
    try {
      targets = oldBundle ? (JSON.parse(oldBundle.upgrades_to) as string[]) : [];
    } catch {
      targets = [];
    }
    if (
      old.is_recurring !== 1 ||
      !['active', 'trialing'].includes(old.status) ||
      !targets.includes(bundle.id) ||
      (await liveBundleIds(user.siteUid, user)).has(bundle.id)
    )
      throw new AppError(
        409,
        'notUpgradable',
        'This purchase cannot be upgraded to this bundle',
        'upgradesPurchase',
      );
    const credit = unusedTimeCredit({
      paidCents: old.period_paid_cents ?? 0,
      periodStartMs: Date.parse(old.period_started_at ?? old.available_from ?? old.created_at),
      periodEndMs: old.available_to ? Date.parse(old.available_to) : null,
      nowMs: now(),
    });
    return { credit, bundle, old };
  }

  async function quoteTax(
    site: { uid: string; perms: Perms },
    amountCents: number,
    address: Required<AddressLike>,
  ) {
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

export type CommerceService = ReturnType<typeof createCommerceService>;
