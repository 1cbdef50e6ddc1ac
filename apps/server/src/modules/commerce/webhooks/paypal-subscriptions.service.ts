import { periodEnd } from '@marquee/domain';
import type { EventEmitter } from '../../../infra/event-bus';
import type { OffersRepository } from '../offers/offers.repository';
import type { PurchaseRow } from '../purchases/purchases.repository';
import { anchorOf, planOfPurchase } from '../renewals/renewals.service';
import type { PaypalSubscriptionsRepository } from './paypal-subscriptions.repository';

/** A PayPal sale (PAYMENT.SALE.COMPLETED / DENIED resource, v1 Sale) as we read it. */
export interface PaypalSale {
  /** The sale id: one payment, whatever event carried it. */
  id: string;
  /** The subscription it pays (I-…): our purchase's gateway_id. */
  billingAgreementId: string;
  /** `amount.total`, dollars as PayPal sends them ("7.99"); unreadable → the purchase's price. */
  total: string | undefined;
  currency: string | undefined;
  /** `create_time`: when PayPal billed it (unreadable → when we heard of it). */
  createTime?: string;
}

/** PayPal may bill a cycle a little before the period we recorded ends. */
export const EARLY_SALE_MS = 3 * 24 * 3600_000;

export type SaleOutcome = 'extended' | 'initial' | 'recorded' | 'duplicate' | 'unknown';

/**
 * The lifecycle of `paypal-sub` purchases, which PayPal bills by itself (decisions 0031, 0032):
 * each completed sale extends the purchase by one period (once per sale id) and is written to the
 * billing history; a cancellation at PayPal ends the purchase at its period's end; a suspension or
 * a denied sale suspends it. Every change is conditional and appends to statusHistory.
 */
export function createPaypalSubscriptions(deps: {
  repo: PaypalSubscriptionsRepository;
  offers: Pick<OffersRepository, 'bundle'>;
  now: () => number;
  events: EventEmitter;
}) {
  const { repo, now } = deps;
  const iso = (ms = now()) => new Date(ms).toISOString();
  const changed = (p: PurchaseRow) =>
    deps.events.emit('purchaseChanged', { siteUid: p.site_uid, userId: p.user_id });

  const bySubscription = repo.bySubscription;

  const cents = (total: string | undefined, fallback: number) => {
    const n = total !== undefined && /^\d+(\.\d{1,2})?$/.test(total) ? Math.round(Number(total) * 100) : NaN;
    return Number.isFinite(n) ? n : fallback;
  };

  /** Writes the sale to gateway_charges (the billing history) once; false when it was there. */
  async function recordSale(p: PurchaseRow, sale: PaypalSale, status: 'succeeded' | 'declined') {
    const at = iso();
    const { name } = await planOfPurchase(deps.offers, p);
    const amount = cents(sale.total, p.next_cycle_cents ?? p.original_amount_cents ?? p.amount_cents);
    const inserted = await repo.insertSale({
      id: `ps_${sale.id}`,
      site_uid: p.site_uid,
      user_id: p.user_id,
      idempotency_key: `paypal-sale:${sale.id}`,
      gateway: 'paypal-sub',
      payment_method_id: null,
      resource_id: null,
      amount_cents: amount,
      currency: sale.currency ?? p.currency,
      status,
      gateway_ref: sale.id,
      decline_code: status === 'declined' ? 'denied' : null,
      error_message: null,
      purchase_plan: JSON.stringify({ name, sale: { id: sale.id, subscription: sale.billingAgreementId } }),
      // Set: checkout's reconcile (purchase_id IS NULL) leaves these rows alone.
      purchase_id: p.id,
      created_at: at,
      updated_at: at,
    });
    return { inserted, amount };
  }

  /** BILLING.SUBSCRIPTION.SUSPENDED (and a denied sale): suspended, with statusHistory. */
  async function suspend(agreementId: string): Promise<boolean> {
    const p = await bySubscription(agreementId);
    if (!p || p.status === 'suspended' || p.status === 'canceled') return false;
    const moved = await repo.setStatus(p, 'suspended', iso());
    if (moved) changed(p);
    return moved;
  }

  /**
   * BILLING.SUBSCRIPTION.ACTIVATED: a subscription PayPal suspended is billing again, so the
   * purchase is active again (statusHistory). One checkout recorded (trialing or active) keeps its
   * status: activation does not end a trial.
   */
  async function activated(agreementId: string): Promise<boolean> {
    const p = await bySubscription(agreementId);
    if (!p || p.status !== 'suspended') return false;
    const moved = await repo.setStatus(p, 'active', iso());
    if (moved) changed(p);
    return moved;
  }

  return {
    activated,
    /**
     * PAYMENT.SALE.COMPLETED: PayPal billed a cycle. A sale well before the recorded period's end
     * (the first cycle of a subscription without a trial, billed at activation) pays the period
     * checkout already recorded: it is only written to the history. A sale near or after the end
     * (EARLY_SALE_MS, at most half a period) extends the purchase by one period from that end
     * (active, with a statusHistory entry when it was trialing or suspended). Once per sale id.
     */
    async saleCompleted(sale: PaypalSale): Promise<SaleOutcome> {
      const p = await bySubscription(sale.billingAgreementId);
      if (!p) return 'unknown';
      const { inserted, amount } = await recordSale(p, sale, 'succeeded');
      if (!inserted) return 'duplicate';
      // A sale well before the period's end pays the period already recorded: the first cycle of a
      // subscription without a trial, billed at activation. Sales near or after the end renew it.
      const billedAt = Date.parse(sale.createTime ?? '') || now();
      if (p.available_to) {
        const endMs = Date.parse(p.available_to);
        const startMs = Date.parse(p.period_started_at ?? p.available_from ?? p.created_at);
        if (billedAt < endMs - Math.min(EARLY_SALE_MS, (endMs - startMs) / 2)) return 'initial';
      }
      const { plan } = await planOfPurchase(deps.offers, p);
      // Moved by another sale at the same time: read it again and extend from where it is now.
      for (let attempt = 0; attempt < 3; attempt++) {
        const cur = attempt === 0 ? p : await bySubscription(sale.billingAgreementId);
        if (!cur || cur.status === 'canceled' || !cur.available_to) return 'recorded';
        const from = Date.parse(cur.available_to);
        const end = periodEnd(from, plan, new Date(anchorOf(cur)).getUTCDate());
        if (end === null) return 'recorded';
        if (await repo.extend(cur, { availableTo: iso(end), paidCents: amount }, iso())) {
          changed(cur);
          return 'extended';
        }
      }
      return 'recorded';
    },

    /** PAYMENT.SALE.DENIED: the cycle was not paid; written to the history, the purchase suspended. */
    async saleDenied(sale: PaypalSale): Promise<boolean> {
      const p = await bySubscription(sale.billingAgreementId);
      if (!p) return false;
      await recordSale(p, sale, 'declined');
      return suspend(sale.billingAgreementId);
    },

    suspend,

    /**
     * BILLING.SUBSCRIPTION.CANCELLED: PayPal bills no more, and the period paid for runs out:
     * cancelSubscriptionInProgress, ended (canceled, with statusHistory) by the renewal scheduler
     * at the period's end. A suspended one has no paid period left and is canceled now.
     */
    async cancelAtPeriodEnd(agreementId: string): Promise<boolean> {
      const p = await bySubscription(agreementId);
      if (!p || p.status === 'canceled') return false;
      if (p.status !== 'suspended' && p.cancel_subscription_in_progress === 1) return false;
      const moved = await repo.cancel(p, iso());
      if (moved) changed(p);
      return moved;
    },
  };
}
export type PaypalSubscriptions = ReturnType<typeof createPaypalSubscriptions>;
