import { randomUUID } from 'node:crypto';
import type { CardData, Order } from '@marquee/contract';
import {
  COMMERCE_MESSAGES,
  isRentalType,
  periodEnd,
  priceOffer,
  proratedFirstPayment,
  trialApplies,
  trialEnd,
  validateAddress,
  validateShipping,
} from '@marquee/domain';
import type { Insertable } from 'kysely';
import type { PurchasesTable } from '../../../db/schema';
import type { AuthUser } from '../../../plugins/auth';
import { AppError, badRequest } from '../../../plugins/errors';
import { isApprovalGateway } from '../gateways/gateway';
import type { SiteGateways } from '../gateways/site-gateways';
import type { OffersRepository } from '../offers/offers.repository';
import { offerOf, passcodeMatches, unavailable, type OffersService } from '../offers/offers.service';
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

/**
 * Orders checked and priced (§4 Checkout): the purchase to write and the amount to charge now,
 * planned before any money moves. The card is checked and saved here (newCard) or found (existingCard).
 */
export function createOrderPlanner(deps: {
  offersRepo: Pick<OffersRepository, 'bundle'>;
  purchasesRepo: Pick<PurchasesRepository, 'livePurchases' | 'trialUsed'>;
  methodsRepo: Pick<PaymentMethodsRepository, 'method'>;
  offers: Pick<OffersService, 'siteOf' | 'couponFor' | 'quoteTax' | 'sellable'>;
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
    const site = await offers.siteOf(user.siteUid);
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
    if (order.isGift && !gift) throw badRequest('isGift', 'Gifts are bought with POST /api/payment/gift');
    if (order.isDonation)
      throw badRequest('isDonation', 'Donations are made with POST /api/donation/subscribe');
    const site = await offers.siteOf(user.siteUid);
    const nowMs = now();
    const bundle = await deps.offersRepo.bundle(site.uid, order.resourceId);
    if (!bundle || !offers.sellable(bundle) || bundle.subscribe_allowed === 0) throw unavailable();
    if (gift && bundle.giftable !== 1)
      throw new AppError(409, 'notGiftable', 'This bundle cannot be given as a gift', 'resourceId');
    if (gift && (order.upgradesPurchase || order.isUpgrade))
      throw badRequest('upgradesPurchase', 'A gift cannot upgrade a purchase');
    const rental = isRentalType(bundle.type);
    if ((order.type === 'Rental') !== rental)
      throw badRequest('type', `resourceId names a ${rental ? 'Rental' : 'Bundle'}`);
    if (bundle.passcode && !passcodeMatches(bundle.passcode, order.passcode))
      throw new AppError(403, 'passcodeRequired', 'This bundle needs a valid passcode', 'passcode');
    let videoUids: string[] = [];
    try {
      videoUids = JSON.parse(bundle.video_uids) as string[];
    } catch {
      videoUids = [];
    }
    const videoUid = order.videoUid ?? order.gatewayData.videoUid;
    if (rental && videoUid && videoUids.length > 0 && !videoUids.includes(videoUid))
      throw badRequest('videoUid', 'This rental does not include that video');

    const live = await deps.purchasesRepo.livePurchases(site.uid, user.id, iso(nowMs));
    let credit = 0;
    let replaces: string | null = null;
    const upgradeId = order.upgradesPurchase;
    if (order.isUpgrade && !upgradeId)
      throw badRequest('upgradesPurchase', COMMERCE_MESSAGES.requiredInformation);
    if (upgradeId) {
      const upgrade = await deps.purchases.upgradeCredit(user, upgradeId, bundle.id);
      credit = upgrade.credit;
      const old = upgrade.old;
      replaces = old.id;
    } else if (!gift) {
      if (live.some((p) => p.bundle_id === bundle.id))
        throw new AppError(409, 'alreadyHaveAccess', COMMERCE_MESSAGES.alreadyHaveAccess, 'resourceId');
      if (site.perms.oneActiveSub && bundle.recurring === 1 && live.some((p) => p.is_recurring === 1))
        throw new AppError(409, 'oneActiveSub', 'You already have an active subscription', 'resourceId');
    }

    const offer = offerOf(bundle);
    const coupon = order.couponCode ? await offers.couponFor(site.uid, offer, order.couponCode) : undefined;
    const price = priceOffer(offer, coupon);
    const trial =
      !upgradeId &&
      !gift &&
      trialApplies(
        { recurring: bundle.recurring === 1, trialDuration: bundle.trial_duration_days },
        {
          oneTrialPerUser: site.perms.oneTrialPerUser,
          trialUsedOnSite: await deps.purchasesRepo.trialUsed(site.uid, user.id),
        },
      );
    const firstPayment = trial ? 0 : proratedFirstPayment(price.firstCycleCents, credit);
    const needsCard = !price.free;
    // "The free gateway is set when the amount is zero or a coupon makes it free."
    const gatewayName = needsCard ? order.gateway : 'free';
    if (needsCard && order.gateway === 'free')
      throw badRequest('gateway', 'This order is not free: choose a card gateway');
    const gateway = await deps.siteGateways.gatewayFor(site.uid, gatewayName);
    // "The disclaimer box must be ticked for non-free recurring bundles".
    if (bundle.recurring === 1 && needsCard && !gift && order.disclaimerAccepted !== true)
      throw new AppError(
        400,
        'disclaimerRequired',
        'Please accept the recurring payment terms',
        'disclaimerAccepted',
      );

    // A wallet checkout (decision 0031): one-time orders on paypal, recurring bundles on paypal-sub.
    const wallet = isApprovalGateway(gateway);
    if (wallet && gift) throw badRequest('gateway', 'Gifts are paid by card');
    if (wallet && (bundle.recurring === 1) !== (gateway.name === 'paypal-sub'))
      throw badRequest(
        'gateway',
        bundle.recurring === 1
          ? 'A recurring bundle is paid through paypal-sub'
          : 'Use paypal for a one-time payment',
      );
    // "With the card provider a billing address is mandatory ("Address is mandatory")."
    const billing = order.billingAddress;
    if (needsCard && !wallet) {
      if (!billing)
        throw new AppError(400, 'addressMandatory', COMMERCE_MESSAGES.addressMandatory, 'billingAddress');
      const missing = Object.keys(validateAddress(billing));
      if (missing.length > 0)
        throw badRequest(`billingAddress.${missing[0]}`, COMMERCE_MESSAGES.requiredInformation);
    }
    if (bundle.requires_shipping_address === 1) {
      const errors = validateShipping(
        {
          shippingFullName: order.shippingFullName,
          sameAsBilling: order.shippingAddress?.sameAsBilling,
          address: order.shippingAddress,
        },
        billing,
      );
      const [field, message] = Object.entries(errors)[0] ?? [];
      if (field)
        throw badRequest(field === 'shippingFullName' ? field : `shippingAddress.${field}`, message!);
    }
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

    const nowIso = iso(nowMs);
    const trialEnds = trial ? trialEnd(nowMs, bundle.trial_duration_days, bundle.trial_duration_unit) : null;
    const end =
      trialEnds ??
      periodEnd(nowMs, {
        planType: bundle.plan_type,
        duration: bundle.plan_type === 'period' ? bundle.period_duration : bundle.duration,
        durationUnit: bundle.duration_unit,
      });
    const status = trial ? 'trialing' : 'active';
    const purchaseId = randomUUID();
    // A gift (decision 0033) is one period, bought now and started at redemption: the giver's row
    // has an empty window (it never entitles anyone); redeeming writes the recipient's purchase.
    const purchase: Insertable<PurchasesTable> = {
      id: purchaseId,
      site_uid: site.uid,
      user_id: user.id,
      bundle_id: bundle.id,
      rental_id: rental ? bundle.id : null,
      name: bundle.name,
      type: bundle.type,
      status,
      currency: 'USD',
      amount_cents: price.firstCycleCents,
      original_amount_cents: bundle.amount_cents,
      taxes_amount_cents: tax.taxCents,
      is_recurring: gift ? 0 : bundle.recurring,
      discounted_billing_cycles: price.discount?.discountedBillingCycles ?? null,
      gateway: gatewayName,
      gateway_id: null,
      gateway_method: gatewayMethod,
      plan_type: bundle.plan_type,
      coupon_code: coupon?.code ?? null,
      available_from: nowIso,
      available_to: gift ? nowIso : end === null ? null : iso(end),
      previous_purchase: replaces,
      access_info: rental && videoUid ? JSON.stringify({ contentType: 'video', contentUid: videoUid }) : null,
      bundle_type: bundle.type,
      billing_address: billing ? JSON.stringify(billing) : null,
      shipping_address: shipping ? JSON.stringify(shipping) : null,
      shipping_full_name: order.shippingFullName ?? null,
      description: bundle.description,
      status_history: JSON.stringify([{ status, timestamp: nowIso }]),
      created_at: nowIso,
      updated_at: nowIso,
      trial_ends_at: trialEnds === null ? null : iso(trialEnds),
      period_started_at: nowIso,
      period_paid_cents: firstPayment,
      // After a trial the first paid cycle still gets a FIRST coupon.
      next_cycle_cents:
        bundle.recurring === 1 && !gift ? (trial ? price.firstCycleCents : price.laterCyclesCents) : null,
      payment_method_id: methodId,
      cancel_subscription_in_progress: 0,
      is_gift: gift ? 1 : 0,
      gifted_to_email: gift?.email ?? null,
      gift_name: gift?.name ?? null,
      gift_message: gift?.message ?? null,
      redeemed_by_user_id: null,
      redeemed_at: null,
    };
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
