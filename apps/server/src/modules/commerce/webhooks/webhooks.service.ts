import type { Logger } from 'pino';
import Stripe from 'stripe';
import type { EventEmitter } from '../../../infra/event-bus';
import { AppError } from '../../../plugins/errors';
import type { Checkout } from '../checkout/checkout.service';
import type { PaypalClient } from '../gateways/paypal-gateway';
import type { PaypalSale, PaypalSubscriptions } from './paypal-subscriptions.service';
import type { StripeConfig } from '../gateways/stripe-gateway';
import { stripeClient } from '../gateways/stripe-gateway';
import type { WebhooksRepository } from './webhooks.repository';

type PaypalEvent = {
  id: string;
  event_type: string;
  resource?: {
    id?: string;
    custom_id?: string;
    links?: { href: string; rel: string }[];
    /** A sale's subscription (PAYMENT.SALE.*). */
    billing_agreement_id?: string;
    amount?: { total?: string; currency?: string };
    create_time?: string;
  };
};

export type WebhookAnswer = { received: true; duplicate: boolean };

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));

/**
 * Gateway webhooks (decision 0031): verified, then de-duplicated by event id insert-first (a replay
 * answers 200 without effect), then applied. A failure releases the event so the gateway's retry
 * is handled again. Purchase changes invalidate the buyer's entitlements.
 */
export function createWebhooksService(deps: {
  repo: WebhooksRepository;
  checkout: Pick<Checkout, 'settleSucceeded'>;
  stripe: StripeConfig | undefined;
  paypal: { client: PaypalClient; webhookId: string | undefined } | undefined;
  /** What PayPal's subscription events do to `paypal-sub` purchases. */
  paypalSubs?: PaypalSubscriptions;
  now: () => number;
  log: Logger;
  events: EventEmitter;
}) {
  const { repo, now } = deps;
  const iso = () => new Date(now()).toISOString();
  const client = deps.stripe ? stripeClient(deps.stripe) : undefined;

  async function once(gateway: string, eventId: string, type: string, apply: () => Promise<void>) {
    if (!(await repo.claimEvent(gateway, eventId, type, iso())))
      return { received: true as const, duplicate: true };
    try {
      await apply();
    } catch (err) {
      await repo.releaseEvent(gateway, eventId);
      throw err;
    }
    await repo.eventProcessed(gateway, eventId, iso());
    return { received: true as const, duplicate: false };
  }

  async function setStatus(gateway: string, ref: string | null, status: 'canceled' | 'suspended' | 'active') {
    if (!ref) return;
    for (const changed of await repo.setPurchaseStatusByRef(gateway, ref, status, iso()))
      for (const userId of changed.userIds)
        deps.events.emit('purchaseChanged', { siteUid: changed.siteUid, userId });
  }

  return {
    /**
     * POST /api/payment/webhooks/paypal: verified by PayPal's verify-webhook-signature call with the
     * transmission headers and our webhook id, then handled once per event id.
     */
    async paypal(rawBody: Buffer, headers: Record<string, string | undefined>): Promise<WebhookAnswer> {
      const pp = deps.paypal;
      if (!pp?.webhookId) throw new AppError(404, 'notFound', 'The paypal gateway is not configured');
      let event: PaypalEvent;
      try {
        event = JSON.parse(rawBody.toString('utf8')) as PaypalEvent;
      } catch {
        throw new AppError(400, 'invalid', 'The event is not valid JSON', 'body');
      }
      if (typeof event?.id !== 'string' || typeof event.event_type !== 'string')
        throw new AppError(400, 'invalid', 'The event has no id or event_type', 'body');
      const names = ['auth-algo', 'cert-url', 'transmission-id', 'transmission-sig', 'transmission-time'];
      const missing = names.find((n) => !headers[`paypal-${n}`]);
      if (missing)
        throw new AppError(
          400,
          'invalidSignature',
          `The PayPal-${missing} header is required`,
          `PayPal-${missing}`,
        );
      const verdict = await pp.client
        .call<{ verification_status?: string }>('POST', '/v1/notifications/verify-webhook-signature', {
          auth_algo: headers['paypal-auth-algo'],
          cert_url: headers['paypal-cert-url'],
          transmission_id: headers['paypal-transmission-id'],
          transmission_sig: headers['paypal-transmission-sig'],
          transmission_time: headers['paypal-transmission-time'],
          webhook_id: pp.webhookId,
          webhook_event: event,
        })
        .catch((err: unknown) => {
          // PayPal unreachable: answer non-2xx so PayPal delivers the event again later.
          deps.log.warn({ err }, 'paypal webhook verification failed');
          throw new AppError(502, 'gatewayUnavailable', 'PayPal could not verify the event');
        });
      if (verdict.verification_status !== 'SUCCESS')
        throw new AppError(
          400,
          'invalidSignature',
          'The PayPal signature does not verify',
          'PayPal-Transmission-Sig',
        );
      const r = event.resource ?? {};
      const sale = (): PaypalSale | null =>
        typeof r.id === 'string' && typeof r.billing_agreement_id === 'string'
          ? {
              id: r.id,
              billingAgreementId: r.billing_agreement_id,
              total: typeof r.amount?.total === 'string' ? r.amount.total : undefined,
              currency: typeof r.amount?.currency === 'string' ? r.amount.currency : undefined,
              createTime: typeof r.create_time === 'string' ? r.create_time : undefined,
            }
          : null;
      const subs = deps.paypalSubs;
      return once('paypal', event.id, event.event_type, async () => {
        switch (event.event_type) {
          case 'PAYMENT.CAPTURE.COMPLETED':
            // Captured but our confirm never finished: record it now, once.
            if (r.custom_id && r.id) await deps.checkout.settleSucceeded(r.custom_id, r.id);
            break;
          case 'PAYMENT.CAPTURE.REFUNDED': {
            const up = r.links?.find((l) => l.rel === 'up')?.href;
            const capture = up?.split('/').pop();
            if (capture) await setStatus('paypal', capture, 'canceled');
            break;
          }
          case 'BILLING.SUBSCRIPTION.ACTIVATED':
            if (r.custom_id && r.id) await deps.checkout.settleSucceeded(r.custom_id, r.id);
            if (r.id && subs) await subs.activated(r.id);
            else await setStatus('paypal-sub', r.id ?? null, 'active');
            break;
          case 'PAYMENT.SALE.COMPLETED': {
            // PayPal billed a cycle of a subscription: one more period, once per sale id.
            const s = sale();
            if (s && subs) await subs.saleCompleted(s);
            break;
          }
          case 'PAYMENT.SALE.DENIED': {
            const s = sale();
            if (s && subs) await subs.saleDenied(s);
            break;
          }
          case 'BILLING.SUBSCRIPTION.CANCELLED':
            // Nothing more is billed; the paid period runs out (cancelSubscriptionInProgress).
            if (r.id && subs) await subs.cancelAtPeriodEnd(r.id);
            else await setStatus('paypal-sub', r.id ?? null, 'canceled');
            break;
          case 'BILLING.SUBSCRIPTION.EXPIRED':
            await setStatus('paypal-sub', r.id ?? null, 'canceled');
            break;
          case 'BILLING.SUBSCRIPTION.SUSPENDED':
          case 'BILLING.SUBSCRIPTION.PAYMENT.FAILED':
            if (r.id && subs) await subs.suspend(r.id);
            else await setStatus('paypal-sub', r.id ?? null, 'suspended');
            break;
          default:
            break;
        }
      });
    },

    /** POST /api/payment/webhooks/stripe: the raw body and its Stripe-Signature header. */
    async stripe(rawBody: Buffer, signature: string | undefined): Promise<WebhookAnswer> {
      if (!client || !deps.stripe?.webhookSecret)
        throw new AppError(404, 'notFound', 'The stripe gateway is not configured');
      if (!signature)
        throw new AppError(
          400,
          'invalidSignature',
          'The Stripe-Signature header is required',
          'Stripe-Signature',
        );
      let event: Stripe.Event;
      try {
        event = client.webhooks.constructEvent(rawBody, signature, deps.stripe.webhookSecret);
      } catch (err) {
        if (err instanceof Stripe.errors.StripeSignatureVerificationError)
          throw new AppError(
            400,
            'invalidSignature',
            'The Stripe-Signature does not verify',
            'Stripe-Signature',
          );
        throw new AppError(400, 'invalid', 'The event is not valid JSON', 'body');
      }
      return once('stripe', event.id, event.type, async () => {
        switch (event.type) {
          case 'payment_intent.succeeded': {
            // A charge whose answer was lost: its purchase is recorded now, once.
            const pi = event.data.object;
            const chargeId = pi.metadata?.charge_id;
            if (chargeId) await deps.checkout.settleSucceeded(chargeId, pi.id);
            break;
          }
          case 'charge.refunded': {
            const charge = event.data.object;
            if (charge.refunded) await setStatus('stripe', idOf(charge.payment_intent), 'canceled');
            break;
          }
          case 'charge.dispute.created':
            await setStatus('stripe', idOf(event.data.object.payment_intent), 'suspended');
            break;
          default:
            // Recorded (so a replay stays a no-op) but nothing of ours changes.
            break;
        }
      });
    },
  };
}
export type WebhooksService = ReturnType<typeof createWebhooksService>;
