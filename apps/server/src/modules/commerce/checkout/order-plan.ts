import { randomUUID } from 'node:crypto';
import type { CardData, Order } from '@marquee/contract';
import {
  COMMERCE_MESSAGES,
  isRentalType,
  periodEnd,
  priceOrder,
  trialEnd,
  validateAddress,
  validateOrder,
  validatePayment,
  type OrderOffer,
  type OrderPrice,
  type OrderRefusal,
} from '@marquee/domain';
import type { Insertable } from 'kysely';
import type { PurchasesTable } from '../../../db/schema';
import type { AuthUser } from '../../../plugins/auth';
import { AppError, badRequest } from '../../../plugins/errors';
import type { SitesService } from '../../sites';
import { stringList } from '../commerce.mapper';
import { isApprovalGateway } from '../gateways/gateway';
import type { SiteGateways } from '../gateways/site-gateways';
import type { BundleRow, OffersRepository } from '../offers/offers.repository';
import { passcodeMatches, type OffersService } from '../offers/offers.service';
import type { PaymentMethodsRepository } from '../payment-methods/payment-methods.repository';
import type { PaymentMethodsService } from '../payment-methods/payment-methods.service';
import type { PurchasesRepository } from '../purchases/purchases.repository';
import type { PurchasesService } from '../purchases/purchases.service';

/** Everything needed to write the purchase, kept on the charge row before the gateway is called. */
export type PurchasePlan = {
  purchase: Insertable<PurchasesTable>;
  cardToken: string | null;
  taxCents: number;
  prorationCents: number;
  replaces: string | null;
  name: string;
  /** A gift (decision 0033): the web origin of the recipient's redeem link, mailed once recorded. */
  giftOrigin?: string;
};

/** What a planner hands to the shared charge pipeline. */
export type PlannedCharge = {
  planned: PurchasePlan;
  amountCents: number;
  gateway: string;
  methodId: string | null;
};

/** The payment part of an order (card or saved method, billing address, captcha). */
type PaymentIn = {
  gateway: string;
  gatewayData: { paymentMethod?: string; card?: CardData };
  billingAddress?: Order['billingAddress'];
  recaptchaToken?: string;
};

export type OrderIn = Order & { gatewayData: NonNullable<Order['gatewayData']>; type: 'Bundle' | 'Rental' };

/** A gift's recipient and the web origin of the redeem link mailed to them (decision 0033). */
export type GiftIn = { name: string; email: string; message: string | null; origin: string };

/** The bundle as the order rules read it (`validateOrder`, `priceOrder` in @marquee/domain). */
function orderOfferOf(bundle: BundleRow, sellable: boolean, passcode: string | undefined): OrderOffer {
  return {
    id: bundle.id,
    type: bundle.type,
    amountCents: bundle.amount_cents,
    recurring: bundle.recurring === 1,
    sellable,
    subscribeAllowed: bundle.subscribe_allowed !== 0,
    giftable: bundle.giftable === 1,
    passcodeGiven: bundle.passcode ? passcodeMatches(bundle.passcode, passcode) : null,
    videoUids: stringList(bundle.video_uids),
    trialDurationDays: bundle.trial_duration_days,
    requiresShippingAddress: bundle.requires_shipping_address === 1,
  };
}

/** Throws the domain's refusal as the API error it is. */
function refuseIf(refusal: OrderRefusal | null): void {
  if (refusal) throw new AppError(refusal.status, refusal.code, refusal.message, refusal.field);
}

/**
 * The purchase row an order writes once its charge is recorded (checkout's row builder). A gift
 * (decision 0033) is one period, bought now and started at redemption: the giver's row has an empty
 * window (it never entitles anyone); redeeming writes the recipient's purchase.
 */
function buildPurchaseRow(o: {
  nowMs: number;
  siteUid: string;
  userId: string;
  bundle: BundleRow;
  order: OrderIn;
  priced: Pick<OrderPrice, 'price' | 'trial' | 'firstPaymentCents' | 'nextCycleCents'>;
  taxCents: number;
  gateway: { name: string; method: string | null; methodId: string | null };
  coupon: { code: string } | undefined;
  replaces: string | null;
  shipping: unknown;
  gift: GiftIn | undefined;
}): Insertable<PurchasesTable> {
  const { nowMs, bundle, order, gift } = o;
  const { price, trial } = o.priced;
  const isoOf = (ms: number) => new Date(ms).toISOString();
  const rental = isRentalType(bundle.type);
  const billing = order.billingAddress;
  const nowIso = isoOf(nowMs);
  const trialEnds = trial ? trialEnd(nowMs, bundle.trial_duration_days, bundle.trial_duration_unit) : null;
  const end =
    trialEnds ??
    periodEnd(nowMs, {
      planType: bundle.plan_type,
      duration: bundle.plan_type === 'period' ? bundle.period_duration : bundle.duration,
      durationUnit: bundle.duration_unit,
    });
  const status = trial ? 'trialing' : 'active';
  return {
    id: randomUUID(),
    site_uid: o.siteUid,
    user_id: o.userId,
    bundle_id: bundle.id,
    rental_id: rental ? bundle.id : null,
    name: bundle.name,
    type: bundle.type,
    status,
    currency: 'USD',
    amount_cents: price.firstCycleCents,
    original_amount_cents: bundle.amount_cents,
    taxes_amount_cents: o.taxCents,
    is_recurring: gift ? 0 : bundle.recurring,
    discounted_billing_cycles: price.discount?.discountedBillingCycles ?? null,
    gateway: o.gateway.name,
    gateway_id: null,
    gateway_method: o.gateway.method,
    plan_type: bundle.plan_type,
    coupon_code: o.coupon?.code ?? null,
    available_from: nowIso,
    available_to: gift ? nowIso : end === null ? null : isoOf(end),
    previous_purchase: o.replaces,
    access_info:
      rental && order.videoUid ? JSON.stringify({ contentType: 'video', contentUid: order.videoUid }) : null,
    bundle_type: bundle.type,
    billing_address: billing ? JSON.stringify(billing) : null,
    shipping_address: o.shipping ? JSON.stringify(o.shipping) : null,
    shipping_full_name: order.shippingFullName ?? null,
    description: bundle.description,
    status_history: JSON.stringify([{ status, timestamp: nowIso }]),
    created_at: nowIso,
    updated_at: nowIso,
    trial_ends_at: trialEnds === null ? null : isoOf(trialEnds),
    period_started_at: nowIso,
    period_paid_cents: o.priced.firstPaymentCents,
    next_cycle_cents: o.priced.nextCycleCents,
    payment_method_id: o.gateway.methodId,
    cancel_subscription_in_progress: 0,
    is_gift: gift ? 1 : 0,
    gifted_to_email: gift?.email ?? null,
    gift_name: gift?.name ?? null,
    gift_message: gift?.message ?? null,
    redeemed_by_user_id: null,
    redeemed_at: null,
  };
}

/**
 * Orders checked and priced (§4 Checkout): the purchase to write and the amount to charge now,
 * planned before any money moves. The card is checked and saved here (newCard) or found (existingCard).
 */
export function createOrderPlanner(deps: {
  offersRepo: Pick<OffersRepository, 'bundle'>;
  purchasesRepo: Pick<PurchasesRepository, 'livePurchases' | 'trialUsed'>;
  methodsRepo: Pick<PaymentMethodsRepository, 'method'>;
  offers: Pick<OffersService, 'couponFor' | 'quoteTax' | 'sellable'>;
  /** The buyer's site (their token's): its perms decide taxes and oneActiveSub. */
  sites: Pick<SitesService, 'byUid'>;
  purchases: Pick<PurchasesService, 'upgradeCredit'>;
  methods: Pick<PaymentMethodsService, 'ownMethod' | 'createMethod'>;
  siteGateways: Pick<SiteGateways, 'gatewayFor'>;
  now: () => number;
}) {
  const { offers, now } = deps;
  const iso = (ms = now()) => new Date(ms).toISOString();

  /** The card of a paid order: a saved one (existingCard) or a new one, checked and saved first. */
  async function cardFor(user: AuthUser, gatewayName: string, pay: PaymentIn, ip: string | undefined) {
    if (pay.gatewayData.paymentMethod) {
      const m = await deps.methods.ownMethod(user, gatewayName, pay.gatewayData.paymentMethod).catch(() => {
        throw new AppError(404, 'notFound', 'Payment method not found', 'gatewayData.paymentMethod');
      });
      return { methodId: m.id, cardToken: m.gateway_token, gatewayMethod: 'existingCard' };
    }
    if (pay.gatewayData.card) {
      const saved = await deps.methods.createMethod(
        user,
        gatewayName,
        { recaptchaToken: pay.recaptchaToken ?? '', paymentMethod: pay.gatewayData.card },
        ip,
        'purchase',
      );
      return {
        methodId: saved.id,
        cardToken: (await deps.methodsRepo.method(saved.id))!.gateway_token,
        gatewayMethod: 'newCard',
      };
    }
    throw badRequest('gatewayData.paymentMethod', COMMERCE_MESSAGES.requiredInformation);
  }

  /**
   * The card part of an order that is not a bundle (a donation): gateway, billing address, tax and
   * card, checked as checkout does. Wallet gateways are refused (decision 0033).
   */
  async function cardPayment(user: AuthUser, pay: PaymentIn, amountCents: number, ip: string | undefined) {
    const site = await deps.sites.byUid(user.siteUid);
    if (pay.gateway === 'free') throw badRequest('gateway', 'This order is not free: choose a card gateway');
    const gateway = await deps.siteGateways.gatewayFor(user.siteUid, pay.gateway);
    if (isApprovalGateway(gateway)) throw badRequest('gateway', 'Donations are paid by card');
    const billing = pay.billingAddress;
    if (!billing)
      throw new AppError(400, 'addressMandatory', COMMERCE_MESSAGES.addressMandatory, 'billingAddress');
    const missing = Object.keys(validateAddress(billing));
    if (missing.length > 0)
      throw badRequest(`billingAddress.${missing[0]}`, COMMERCE_MESSAGES.requiredInformation);
    const card = await cardFor(user, gateway.name, pay, ip);
    const tax = await offers.quoteTax(site, amountCents, billing as Required<typeof billing>);
    return { ...card, gateway: gateway.name, taxCents: tax.taxCents, billing };
  }

  /** Validates the order and prices it: the purchase to write and the amount to charge now. */
  async function plan(user: AuthUser, order: OrderIn, ip: string | undefined, gift?: GiftIn) {
    const site = await deps.sites.byUid(user.siteUid);
    const nowMs = now();
    const bundle = await deps.offersRepo.bundle(site.uid, order.resourceId);
    const live = await deps.purchasesRepo.livePurchases(site.uid, user.id, iso(nowMs));
    const offer = bundle && orderOfferOf(bundle, offers.sellable(bundle), order.passcode);
    const videoUid = order.videoUid ?? order.gatewayData.videoUid;
    refuseIf(
      validateOrder({ ...order, videoUid }, offer, {
        gift: gift !== undefined,
        live: live.map((p) => ({ bundleId: p.bundle_id, recurring: p.is_recurring === 1 })),
        oneActiveSub: site.perms.oneActiveSub,
      }),
    );
    if (!bundle || !offer) throw new Error('validateOrder passes only an offer for sale');

    // An upgrade: the unused time of the purchase it replaces is credited (404/409 when it cannot).
    const upgrade = order.upgradesPurchase
      ? await deps.purchases.upgradeCredit(user, order.upgradesPurchase, bundle.id)
      : undefined;
    const replaces = upgrade?.old.id ?? null;
    const coupon = order.couponCode ? await offers.couponFor(site.uid, offer, order.couponCode) : undefined;
    const {
      price,
      trial,
      firstPaymentCents: firstPayment,
      nextCycleCents,
      needsCard,
    } = priceOrder(offer, {
      coupon,
      creditCents: upgrade?.credit ?? 0,
      upgrade: upgrade !== undefined,
      gift: gift !== undefined,
      oneTrialPerUser: site.perms.oneTrialPerUser,
      trialUsedOnSite: await deps.purchasesRepo.trialUsed(site.uid, user.id),
    });
    const credit = upgrade?.credit ?? 0;
    const gatewayName = needsCard ? order.gateway : 'free';
    const gateway = await deps.siteGateways.gatewayFor(site.uid, gatewayName);
    // A wallet checkout (decision 0031): one-time orders on paypal, recurring bundles on paypal-sub.
    const wallet = isApprovalGateway(gateway);
    refuseIf(
      validatePayment({ ...order, wallet: wallet ? { name: gateway.name } : null }, offer, {
        needsCard,
        gift: gift !== undefined,
      }),
    );
    const billing = order.billingAddress;
    const shipping =
      bundle.requires_shipping_address === 1
        ? order.shippingAddress?.sameAsBilling
          ? billing
          : order.shippingAddress
        : undefined;

    const tax =
      billing && firstPayment > 0
        ? await offers.quoteTax(site, firstPayment, billing as Required<typeof billing>)
        : { taxCents: 0 };

    // The card: a saved one (existingCard) or a new one, checked and saved first (newCard).
    const { methodId, cardToken, gatewayMethod } =
      needsCard && !wallet
        ? await cardFor(user, gatewayName, order, ip)
        : { methodId: null, cardToken: null, gatewayMethod: null };

    const purchase = buildPurchaseRow({
      nowMs,
      siteUid: site.uid,
      userId: user.id,
      bundle,
      order: { ...order, videoUid },
      priced: { price, trial, firstPaymentCents: firstPayment, nextCycleCents },
      taxCents: tax.taxCents,
      gateway: { name: gatewayName, method: gatewayMethod, methodId },
      coupon,
      replaces,
      shipping,
      gift,
    });
    const planned: PurchasePlan = {
      purchase,
      cardToken,
      taxCents: tax.taxCents,
      prorationCents: credit,
      replaces,
      name: bundle.name,
      ...(gift ? { giftOrigin: gift.origin } : {}),
    };
    return { planned, amountCents: firstPayment + tax.taxCents, gateway: gateway.name, methodId };
  }

  return { plan, cardPayment };
}
export type OrderPlanner = ReturnType<typeof createOrderPlanner>;
