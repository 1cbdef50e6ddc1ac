import type { CheckoutResult } from '@marquee/contract';
import { declineMessage } from '@marquee/domain';
import type { AuthUser } from '../../../plugins/auth';
import { AppError, badRequest } from '../../../plugins/errors';
import { isApprovalGateway, type GatewayRegistry } from '../gateways/gateway';
import type { ChargeRow, ChargesRepository } from './charges.repository';
import type { OrderIn, PurchasePlan } from './order-plan';

/**
 * Wallet checkouts (decision 0031): a PayPal order or subscription is begun with an approval link,
 * then confirmed (or canceled) when the buyer comes back to the web app's /paypal page. The
 * purchase is recorded through checkout's own path, so a wallet pays exactly once like a card.
 */
export function createWalletCheckout(deps: {
  repo: ChargesRepository;
  gateways: GatewayRegistry;
  now: () => number;
  /** Checkout's: takes a charge to its end, records its purchase once, answers the result. */
  settle: (charge: ChargeRow) => Promise<CheckoutResult>;
  record: (charge: ChargeRow, ref: string | null) => Promise<ChargeRow>;
  result: (charge: ChargeRow) => Promise<CheckoutResult>;
}) {
  const { repo, gateways, now, settle, record, result } = deps;
  const iso = (ms = now()) => new Date(ms).toISOString();

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

  return {
    beginApproval,

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
  };
}
