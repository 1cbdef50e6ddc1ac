import { createHash, randomUUID } from 'node:crypto';
import type { CardData, CheckoutResult, Order } from '@marquee/contract';
import {
  COMMERCE_MESSAGES,
  declineMessage,
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
import type { PurchasesTable } from '../../db/schema';
import type { AuthUser } from '../../plugins/auth';
import { AppError, badRequest } from '../../plugins/errors';
import { toPurchase } from './commerce.mapper';
import type { ChargeRow, CommerceRepository } from './commerce.repository';
import { offerOf, passcodeMatches, unavailable, type CommerceService } from './commerce.service';
import { GatewayValidationError, isApprovalGateway, type GatewayRegistry } from './gateways/gateway';

/** How long a request holds its idempotency key; a retry after this takes over (decision 0029). */
export const IDEMPOTENCY_LOCK_MS = 60_000;
/** Reconcile leaves younger unrecorded charges alone: their request may still be running. */
export const RECONCILE_GRACE_MS = 2 * 60_000;

const CHECKOUT_IN_PROGRESS = 'checkoutInProgress';

/** Everything needed to write the purchase, kept on the charge row before the gateway is called. */
type PurchasePlan = {
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

export type Replay = { statusCode: number; body: unknown };

type OrderIn = Order & { gatewayData: NonNullable<Order['gatewayData']>; type: 'Bundle' | 'Rental' };

/**
 * Checkout (§4 Checkout; decision 0029). Money is safe by construction:
 * 1. every call carries an idempotency key; the first response is stored and replayed;
 * 2. the charge attempt is written (with the whole purchase it pays for) BEFORE the gateway is
 *    called, and the gateway gets the charge id as its own idempotency key;
 * 3. the purchase is inserted in the same transaction that marks the charge recorded, by a
 *    conditional UPDATE, so request, retry and reconcile write it exactly once;
 * 4. `reconcile` asks the gateway about charges left without a purchase and records them.
 */
export function createCheckout(deps: {
  repo: CommerceRepository;
  commerce: CommerceService;
  gateways: GatewayRegistry;
  now: () => number;
  onPurchaseChange: (siteUid: string, userId: string) => void;
  log: { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
  /** A gift purchase was just written (decision 0033): mail its recipient. Failures are logged. */
  onGiftRecorded?: (purchaseId: string, origin: string) => Promise<void>;
}) {
  const { repo, commerce, gateways, now } = deps;
  const iso = (ms = now()) => new Date(ms).toISOString();

  /** Runs `run` once per (user, key): replays the stored first result, refuses a reused key. */
  async function idempotent(
    user: AuthUser,
    key: string,
    route: string,
    body: unknown,
    run: () => Promise<Replay>,
  ): Promise<Replay> {
    const scoped = `${user.id}:${key}`;
    const requestHash = createHash('sha256').update(JSON.stringify(body)).digest('hex');
    const lock = iso(now() + IDEMPOTENCY_LOCK_MS);
    const claimed = await repo.claimKey({
      key: scoped,
      user_id: user.id,
      route,
      request_hash: requestHash,
      locked_until: lock,
      created_at: iso(),
    });
    if (!claimed) {
      const row = (await repo.idempotencyKey(scoped))!;
      if (row.route !== route || row.request_hash !== requestHash)
        throw new AppError(
          409,
          'idempotencyKeyReused',
          'This Idempotency-Key was used for another request',
          'Idempotency-Key',
        );
      if (row.status_code !== null)
        return { statusCode: row.status_code, body: JSON.parse(row.response ?? 'null') };
      const inFlight = row.locked_until !== null && row.locked_until > iso();
      if (inFlight || !(await repo.takeOverKey(scoped, row.locked_until, lock)))
        throw new AppError(
          409,
          'requestInProgress',
          'A request with this Idempotency-Key is in progress',
          'Idempotency-Key',
        );
    }
    let result: Replay;
    try {
      result = await run();
    } catch (err) {
      // A refusal (4xx) is the request's first result; anything else (and a race with another
      // checkout of the same offer) may succeed on a retry.
      if (err instanceof AppError && err.statusCode < 500 && err.code !== CHECKOUT_IN_PROGRESS) {
        result = {
          statusCode: err.statusCode,
          body: { error: { code: err.code, message: err.message, field: err.field } },
        };
      } else {
        await repo.releaseKey(scoped, iso());
        throw err;
      }
    }
    await repo.completeKey(scoped, result.statusCode, JSON.stringify(result.body));
    return result;
  }

  /** The card of a paid order: a saved one (existingCard) or a new one, checked and saved first. */
  async function cardFor(user: AuthUser, gatewayName: string, pay: PaymentIn, ip: string | undefined) {
    if (pay.gatewayData.paymentMethod) {
      const m = await commerce.ownMethod(user, gatewayName, pay.gatewayData.paymentMethod).catch(() => {
        throw new AppError(404, 'notFound', 'Payment method not found', 'gatewayData.paymentMethod');
      });
      return { methodId: m.id, cardToken: m.gateway_token, gatewayMethod: 'existingCard' };
    }
    if (pay.gatewayData.card) {
      const saved = await commerce.createMethod(
        user,
        gatewayName,
        { recaptchaToken: pay.recaptchaToken ?? '', paymentMethod: pay.gatewayData.card },
        ip,
        'purchase',
      );
      return {
        methodId: saved.id,
        cardToken: (await repo.method(saved.id))!.gateway_token,
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
    const site = await commerce.siteOf(user.siteUid);
    if (pay.gateway === 'free') throw badRequest('gateway', 'This order is not free: choose a card gateway');
    const gateway = await commerce.gatewayFor(user.siteUid, pay.gateway);
    if (isApprovalGateway(gateway)) throw badRequest('gateway', 'Donations are paid by card');
    const billing = pay.billingAddress;
    if (!billing)
      throw new AppError(400, 'addressMandatory', COMMERCE_MESSAGES.addressMandatory, 'billingAddress');
    const missing = Object.keys(validateAddress(billing));
    if (missing.length > 0)
      throw badRequest(`billingAddress.${missing[0]}`, COMMERCE_MESSAGES.requiredInformation);
    const card = await cardFor(user, gateway.name, pay, ip);
    const tax = await commerce.quoteTax(site, amountCents, billing as Required<typeof billing>);
    return { ...card, gateway: gateway.name, taxCents: tax.taxCents, billing };
  }

  /** Validates the order and prices it: the purchase to write and the amount to charge now. */
  async function plan(
    user: AuthUser,
    order: OrderIn,
    ip: string | undefined,
    gift?: { name: string; email: string; message: string | null; origin: string },
  ) {
    if (order.isGift && !gift) throw badRequest('isGift', 'Gifts are bought with POST /api/payment/gift');
    if (order.isDonation)
      throw badRequest('isDonation', 'Donations are made with POST /api/donation/subscribe');
    const site = await commerce.siteOf(user.siteUid);
    const nowMs = now();
    const bundle = await repo.bundle(site.uid, order.resourceId);
    if (!bundle || !commerce.sellable(bundle) || bundle.subscribe_allowed === 0) throw unavailable();
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

    const live = await repo.livePurchases(site.uid, user.id, iso(nowMs));
    let credit = 0;
    let replaces: string | null = null;
    const upgradeId = order.upgradesPurchase;
    if (order.isUpgrade && !upgradeId)
      throw badRequest('upgradesPurchase', COMMERCE_MESSAGES.requiredInformation);
    if (upgradeId) {
      const upgrade = await commerce.upgradeCredit(user, upgradeId, bundle.id);
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
    const coupon = order.couponCode ? await commerce.couponFor(site.uid, offer, order.couponCode) : undefined;
    const price = priceOffer(offer, coupon);
    const trial =
      !upgradeId &&
      !gift &&
      trialApplies(
        { recurring: bundle.recurring === 1, trialDuration: bundle.trial_duration_days },
        {
          oneTrialPerUser: site.perms.oneTrialPerUser,
          trialUsedOnSite: await repo.trialUsed(site.uid, user.id),
        },
      );
    const firstPayment = trial ? 0 : proratedFirstPayment(price.firstCycleCents, credit);
    const needsCard = !price.free;
    // "The free gateway is set when the amount is zero or a coupon makes it free."
    const gatewayName = needsCard ? order.gateway : 'free';
    if (needsCard && order.gateway === 'free')
      throw badRequest('gateway', 'This order is not free: choose a card gateway');
    const gateway = await commerce.gatewayFor(site.uid, gatewayName);
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
        ? await commerce.quoteTax(site, firstPayment, billing as Required<typeof billing>)
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

  async function result(charge: ChargeRow): Promise<CheckoutResult> {
    const planned = JSON.parse(charge.purchase_plan) as PurchasePlan;
    const row = (await repo.purchase(charge.purchase_id!))!;
    return {
      success: true,
      purchase: toPurchase(row),
      chargedCents: charge.amount_cents,
      taxesCents: planned.taxCents,
      prorationCents: planned.prorationCents,
    };
  }

  /** Writes the charge's purchase once (see recordPurchase) and tells entitlements. */
  async function record(charge: ChargeRow, ref: string | null): Promise<ChargeRow> {
    const planned = JSON.parse(charge.purchase_plan) as PurchasePlan;
    const { created } = await repo.recordPurchase(
      charge.id,
      ref,
      { ...planned.purchase, gateway_id: ref },
      planned.replaces ? { id: planned.replaces, nowIso: iso() } : null,
    );
    if (created) deps.onPurchaseChange(charge.site_uid, charge.user_id);
    if (created && planned.purchase.is_gift === 1 && deps.onGiftRecorded)
      await deps
        .onGiftRecorded(planned.purchase.id, planned.giftOrigin ?? '')
        .catch((err: unknown) =>
          deps.log.error({ err, purchaseId: planned.purchase.id }, 'gift mail could not be sent'),
        );
    return (await repo.charge(charge.id))!;
  }

  /** A wallet checkout of the user through that gateway; 404 otherwise (never someone else's). */
  async function ownWalletCharge(user: AuthUser, route: string, chargeId: string): Promise<ChargeRow> {
    const charge = await repo.charge(chargeId);
    if (!charge || charge.user_id !== user.id || charge.site_uid !== user.siteUid || charge.gateway !== route)
      throw new AppError(404, 'notFound', 'Checkout not found', 'id');
    return charge;
  }

  /**
   * Starts a wallet checkout: the order or subscription at PayPal (PayPal-Request-Id = charge id, so
   * a retry gets the same one), its reference kept on the charge; answers the approval link. The
   * return and cancel URLs are the web app's /paypal or /paypal-sub page with the spec's query.
   */
  async function beginApproval(charge: ChargeRow, order: OrderIn, appOrigin: string) {
    const gw = gateways[charge.gateway]!;
    if (!isApprovalGateway(gw)) throw new Error(`${charge.gateway} is not a wallet gateway`);
    const planned = JSON.parse(charge.purchase_plan) as PurchasePlan;
    const p = planned.purchase;
    const page = (op: 'confirm' | 'cancel') => {
      const q = new URLSearchParams({ op, cid: charge.id, bid: order.resourceId });
      if (planned.replaces) q.set('ubid', planned.replaces);
      if (order.isUpgrade || planned.replaces) q.set('iu', '1');
      const vuid = order.videoUid ?? order.gatewayData.videoUid;
      if (vuid) q.set('vuid', vuid);
      return `${appOrigin}/${gw.name}?${q.toString()}`;
    };
    const trialDays =
      p.trial_ends_at && p.created_at
        ? Math.round((Date.parse(p.trial_ends_at) - Date.parse(p.created_at)) / 86_400_000)
        : 0;
    const begun = await gw.begin({
      idempotencyKey: charge.id,
      amountCents: charge.amount_cents,
      currency: charge.currency,
      description: planned.name,
      recurring:
        p.is_recurring === 1
          ? {
              siteUid: charge.site_uid,
              bundleId: p.bundle_id ?? order.resourceId,
              name: planned.name,
              planType: p.plan_type ?? 'month',
              priceCents: p.next_cycle_cents ?? charge.amount_cents,
              trialDays,
              currency: charge.currency,
            }
          : null,
      returnUrl: page('confirm'),
      cancelUrl: page('cancel'),
    });
    await repo.markCharge(charge.id, { status: 'pending', gateway_ref: begun.ref }, iso());
    return { success: true as const, checkoutId: charge.id, approvalLink: { href: begun.approvalHref } };
  }

  /** Takes a charge attempt to its end: charged and recorded, or declined. */
  async function settle(charge: ChargeRow): Promise<CheckoutResult> {
    if (charge.purchase_id) return result(charge);
    if (charge.status === 'declined')
      throw new AppError(402, 'cardDeclined', declineMessage(charge.decline_code), 'gatewayData');
    if (charge.status === 'failed')
      throw new AppError(400, 'cardValidation', COMMERCE_MESSAGES.cardValidation, 'gatewayData');
    if (charge.status === 'succeeded' || charge.amount_cents === 0)
      return result(
        await record(charge, charge.gateway_ref ?? (charge.gateway === 'free' ? `free_${charge.id}` : null)),
      );
    const planned = JSON.parse(charge.purchase_plan) as PurchasePlan;
    // The charge was planned through a gateway the site had enabled (plan checks it).
    const gateway = gateways[charge.gateway];
    if (!gateway) throw new Error(`gateway ${charge.gateway} is not running`);
    let outcome;
    try {
      outcome = await gateway.charge({
        idempotencyKey: charge.id,
        amountCents: charge.amount_cents,
        currency: charge.currency,
        cardToken: planned.cardToken,
        description: planned.name,
      });
    } catch (err) {
      if (err instanceof GatewayValidationError) {
        await repo.markCharge(charge.id, { status: 'failed', error_message: err.code }, iso());
        throw new AppError(400, 'cardValidation', COMMERCE_MESSAGES.cardValidation, 'gatewayData');
      }
      // Unknown outcome (timeout, crash): the charge stays pending; a retry or reconcile finishes it.
      deps.log.error({ err, chargeId: charge.id }, 'gateway charge failed');
      throw new AppError(502, 'paymentFailed', COMMERCE_MESSAGES.paymentFailure);
    }
    if (outcome.status === 'declined') {
      await repo.markCharge(
        charge.id,
        { status: 'declined', decline_code: outcome.declineCode, gateway_ref: outcome.ref },
        iso(),
      );
      throw new AppError(402, 'cardDeclined', declineMessage(outcome.declineCode), 'gatewayData');
    }
    return result(await record(charge, outcome.ref));
  }

  /**
   * The shared pipeline (decision 0029): the key is claimed, the charge attempt written with its
   * whole purchase before the gateway is called, then settled (or sent to a wallet's approval).
   */
  function chargeOnce(
    user: AuthUser,
    key: string,
    route: string,
    body: unknown,
    resourceId: string,
    makePlan: () => Promise<PlannedCharge>,
    walletOrder?: { order: OrderIn; appOrigin: string },
  ): Promise<Replay> {
    return idempotent(user, key, route, body, async () => {
      const scoped = `${user.id}:${key}`;
      // A retry of a request that got as far as its charge resumes that charge (same plan, same key).
      let charge = await repo.chargeByKey(scoped);
      if (!charge) {
        const p = await makePlan();
        const nowIso = iso();
        const id = randomUUID();
        charge = await repo.insertCharge({
          id,
          site_uid: user.siteUid,
          user_id: user.id,
          idempotency_key: scoped,
          gateway: p.gateway,
          payment_method_id: p.methodId,
          resource_id: resourceId,
          amount_cents: p.amountCents,
          currency: 'USD',
          status: 'pending',
          purchase_plan: JSON.stringify(p.planned),
          created_at: nowIso,
          updated_at: nowIso,
        });
        // Another request of the user (another key) is paying for the same offer right now.
        if (!charge)
          throw new AppError(
            409,
            CHECKOUT_IN_PROGRESS,
            'A checkout of this offer is already in progress',
            'resourceId',
          );
        // Holding the offer's pending slot, look again: a checkout that finished between our
        // checks and our insert has its purchase committed with its charge (one transaction).
        // Gifts and donations may be bought any number of times.
        const bundleId = p.planned.purchase.bundle_id;
        if (charge.id === id && p.planned.purchase.is_gift !== 1 && bundleId) {
          const live = await repo.livePurchases(user.siteUid, user.id, iso());
          if (live.some((x) => x.bundle_id === bundleId && x.id !== p.planned.replaces)) {
            await repo.markCharge(id, { status: 'abandoned', error_message: 'alreadyHaveAccess' }, iso());
            throw new AppError(409, 'alreadyHaveAccess', COMMERCE_MESSAGES.alreadyHaveAccess, 'resourceId');
          }
        }
      }
      const wallet = gateways[charge.gateway];
      if (
        walletOrder &&
        wallet &&
        isApprovalGateway(wallet) &&
        !charge.purchase_id &&
        charge.status === 'pending'
      )
        return {
          statusCode: 202,
          body: await beginApproval(charge, walletOrder.order, walletOrder.appOrigin),
        };
      return { statusCode: 201, body: await settle(charge) };
    });
  }

  return {
    /**
     * A gateway's webhook says a charge succeeded (its answer may have been lost): records the
     * purchase exactly once (recordPurchase is conditional). Answers whether the charge has its purchase.
     */
    async settleSucceeded(chargeId: string, ref: string): Promise<boolean> {
      const charge = await repo.charge(chargeId);
      if (!charge || charge.purchase_id || charge.status === 'declined') return false;
      return (await record(charge, ref)).purchase_id !== null;
    },

    /** POST /api/payment/subscribe with its Idempotency-Key. */
    subscribe(
      user: AuthUser,
      key: string,
      order: OrderIn,
      ip: string | undefined,
      /** The web app's origin: a wallet checkout sends the buyer back to its /paypal page. */
      appOrigin?: string,
    ): Promise<Replay> {
      return chargeOnce(user, key, 'subscribe', order, order.resourceId, () => plan(user, order, ip), {
        order,
        appOrigin: appOrigin ?? '',
      });
    },

    /**
     * POST /api/payment/gift (decision 0033): the order's bundle bought as a gift, through the same
     * idempotent, charge-first pipeline; the recipient is mailed once the purchase is recorded.
     */
    gift(
      user: AuthUser,
      key: string,
      order: OrderIn,
      gift: { name: string; email: string; message: string | null; origin: string },
      ip: string | undefined,
    ): Promise<Replay> {
      // The request's identity for the key: the order and the recipient, not the host it came to.
      const body = { order, gift: { name: gift.name, email: gift.email, message: gift.message } };
      return chargeOnce(user, key, 'gift', body, `gift:${order.resourceId}`, () =>
        plan(user, { ...order, isGift: true }, ip, gift),
      );
    },

    /** POST /api/donation/subscribe (decision 0033) through the same pipeline, with its own planner. */
    donate(
      user: AuthUser,
      key: string,
      body: unknown,
      resourceId: string,
      makePlan: () => Promise<PlannedCharge>,
    ): Promise<Replay> {
      return chargeOnce(user, key, 'donation', body, resourceId, makePlan);
    },

    cardPayment,

    /**
     * POST /api/payment/paypal/confirm/{id} (and paypal-sub): the buyer approved at PayPal and the
     * web app's /paypal page calls back. Captures or activates once and records the purchase through
     * the same path as a card checkout; a second confirm answers the same purchase.
     */
    async confirmApproval(
      user: AuthUser,
      route: 'paypal' | 'paypal-sub',
      chargeId: string,
      given: { token?: string; subscriptionId?: string },
    ): Promise<CheckoutResult> {
      const charge = await ownWalletCharge(user, route, chargeId);
      if (charge.status === 'abandoned')
        throw new AppError(409, 'checkoutCanceled', 'This checkout was canceled', 'id');
      if (charge.purchase_id || charge.status !== 'pending') return settle(charge);
      if (!charge.gateway_ref)
        throw new AppError(409, 'notApproved', 'This checkout was not sent to PayPal', 'id');
      // PayPal sends the buyer back with its own reference: it must be this checkout's.
      const echoed = route === 'paypal' ? given.token : given.subscriptionId;
      if (echoed !== undefined && echoed !== charge.gateway_ref)
        throw badRequest(
          route === 'paypal' ? 'token' : 'subscription_id',
          'This approval is for another checkout',
        );
      const gw = gateways[charge.gateway]!;
      if (!isApprovalGateway(gw)) throw new AppError(404, 'notFound', 'Checkout not found', 'id');
      const outcome = await gw.complete({ ref: charge.gateway_ref, idempotencyKey: charge.id });
      if (outcome.status === 'declined') {
        await repo.markCharge(
          charge.id,
          { status: 'declined', decline_code: outcome.declineCode, gateway_ref: charge.gateway_ref },
          iso(),
        );
        throw new AppError(402, 'cardDeclined', declineMessage(outcome.declineCode), 'gatewayData');
      }
      return result(await record(charge, outcome.ref));
    },

    /** POST /api/payment/paypal/cancel/{id} (and paypal-sub): the buyer canceled at PayPal. */
    async cancelApproval(user: AuthUser, route: 'paypal' | 'paypal-sub', chargeId: string) {
      const charge = await ownWalletCharge(user, route, chargeId);
      if (charge.purchase_id) throw new AppError(409, 'alreadyPaid', 'This checkout is already paid', 'id');
      if (charge.status === 'pending') {
        const gw = gateways[charge.gateway];
        if (charge.gateway_ref && gw && isApprovalGateway(gw)) await gw.abandon(charge.gateway_ref);
        await repo.markCharge(charge.id, { status: 'abandoned', error_message: 'canceledByBuyer' }, iso());
      }
      return { success: true as const };
    },

    /**
     * Finds charges without a purchase (a crash between the gateway and our record) and settles
     * each by what the gateway says: charged → exactly one purchase; declined → marked; never seen
     * → abandoned (no money moved; a retry with the same key charges anew under the same id).
     */
    async reconcile(opts: { graceMs?: number } = {}) {
      const counts = { recorded: 0, declined: 0, abandoned: 0, skipped: 0 };
      const rows = await repo.unrecordedCharges(iso(now() - (opts.graceMs ?? RECONCILE_GRACE_MS)));
      for (const charge of rows) {
        try {
          const gw = gateways[charge.gateway];
          // A wallet trial costs 0 now but is nothing until the buyer approves (decision 0031).
          const free = charge.amount_cents === 0 && !(gw && isApprovalGateway(gw));
          if (free || charge.status === 'succeeded') {
            await record(charge, charge.gateway_ref);
            counts.recorded++;
            continue;
          }
          const gateway = gateways[charge.gateway];
          if (!gateway) {
            counts.skipped++;
            continue;
          }
          const outcome = await gateway.findCharge(charge.id);
          if (!outcome) {
            await repo.markCharge(charge.id, { status: 'abandoned' }, iso());
            counts.abandoned++;
          } else if (outcome.status === 'declined') {
            await repo.markCharge(
              charge.id,
              { status: 'declined', decline_code: outcome.declineCode },
              iso(),
            );
            counts.declined++;
          } else {
            await record(charge, outcome.ref);
            counts.recorded++;
          }
        } catch (err) {
          deps.log.warn({ err, chargeId: charge.id }, 'reconcile could not settle a charge');
          counts.skipped++;
        }
      }
      if (counts.recorded + counts.declined + counts.abandoned > 0)
        deps.log.warn(counts, 'reconciled unrecorded charges');
      return counts;
    },
  };
}
export type Checkout = ReturnType<typeof createCheckout>;
