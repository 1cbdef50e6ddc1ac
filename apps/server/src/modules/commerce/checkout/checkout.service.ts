import { randomUUID } from 'node:crypto';
import type { CheckoutResult } from '@marquee/contract';
import { COMMERCE_MESSAGES, declineMessage } from '@marquee/domain';
import type { EventEmitter } from '../../../infra/event-bus';
import type { AuthUser } from '../../../plugins/auth';
import { AppError } from '../../../plugins/errors';
import { toPurchase } from '../commerce.mapper';
import { GatewayValidationError, isApprovalGateway, type GatewayRegistry } from '../gateways/gateway';
import type { PurchasesRepository } from '../purchases/purchases.repository';
import type { ChargeRow, ChargesRepository } from './charges.repository';
import { CHECKOUT_IN_PROGRESS, createIdempotency, type Replay } from './idempotency';
import type { GiftIn, OrderIn, OrderPlanner, PlannedCharge, PurchasePlan } from './order-plan';
import { createReconcile } from './reconcile';
import { createWalletCheckout } from './wallet';

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
  repo: ChargesRepository;
  purchases: Pick<PurchasesRepository, 'purchase' | 'livePurchases'>;
  planner: OrderPlanner;
  gateways: GatewayRegistry;
  now: () => number;
  events: EventEmitter;
  log: { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
  /** A gift purchase was just written (decision 0033): mail its recipient. Failures are logged. */
  onGiftRecorded?: (purchaseId: string, origin: string) => Promise<void>;
}) {
  const { repo, planner, gateways, now } = deps;
  const iso = (ms = now()) => new Date(ms).toISOString();
  const idempotent = createIdempotency({ repo, now });

  async function result(charge: ChargeRow): Promise<CheckoutResult> {
    const planned = JSON.parse(charge.purchase_plan) as PurchasePlan;
    const row = (await deps.purchases.purchase(charge.purchase_id!))!;
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
    if (created) deps.events.emit('purchaseChanged', { siteUid: charge.site_uid, userId: charge.user_id });
    if (created && planned.purchase.is_gift === 1 && deps.onGiftRecorded)
      await deps
        .onGiftRecorded(planned.purchase.id, planned.giftOrigin ?? '')
        .catch((err: unknown) =>
          deps.log.error({ err, purchaseId: planned.purchase.id }, 'gift mail could not be sent'),
        );
    return (await repo.charge(charge.id))!;
  }

  /** Takes a charge attempt to its end: charged and recorded, or declined. */
  const wallets = createWalletCheckout({ repo, gateways, now, settle, record, result });

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
          const live = await deps.purchases.livePurchases(user.siteUid, user.id, iso());
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
          body: await wallets.beginApproval(charge, walletOrder.order, walletOrder.appOrigin),
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
      return chargeOnce(
        user,
        key,
        'subscribe',
        order,
        order.resourceId,
        () => planner.plan(user, order, ip),
        {
          order,
          appOrigin: appOrigin ?? '',
        },
      );
    },

    /**
     * POST /api/payment/gift (decision 0033): the order's bundle bought as a gift, through the same
     * idempotent, charge-first pipeline; the recipient is mailed once the purchase is recorded.
     */
    gift(user: AuthUser, key: string, order: OrderIn, gift: GiftIn, ip: string | undefined): Promise<Replay> {
      // The request's identity for the key: the order and the recipient, not the host it came to.
      const body = { order, gift: { name: gift.name, email: gift.email, message: gift.message } };
      return chargeOnce(user, key, 'gift', body, `gift:${order.resourceId}`, () =>
        planner.plan(user, { ...order, isGift: true }, ip, gift),
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

    cardPayment: planner.cardPayment,
    confirmApproval: wallets.confirmApproval,
    cancelApproval: wallets.cancelApproval,

    reconcile: createReconcile({ repo, gateways, record, now, log: deps.log }),
  };
}
export type Checkout = ReturnType<typeof createCheckout>;
