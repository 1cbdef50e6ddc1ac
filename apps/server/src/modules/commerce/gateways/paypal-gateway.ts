import { AppError } from '../../../plugins/errors';
import { gatewayUnavailable, GatewayRefusedError, type ApprovalGateway, type ChargeOutcome } from './gateway';

export interface PaypalConfig {
  clientId: string;
  secret: string;
  /** https://api-m.paypal.com (live) or https://api-m.sandbox.paypal.com; tests use a local double. */
  apiBase: string;
  /** The webhook id PayPal gave the endpoint (verify-webhook-signature needs it). */
  webhookId: string | undefined;
}

type Link = { href: string; rel: string; method?: string };
type Json = Record<string, unknown>;

/** PayPal's answer to a call that failed: its name and first issue (INSTRUMENT_DECLINED…). */
export class PaypalError extends Error {
  constructor(
    readonly status: number,
    readonly errorName: string,
    readonly issue: string | undefined,
  ) {
    super(`paypal ${status} ${errorName}${issue ? ` (${issue})` : ''}`);
  }
}

/**
 * A PayPal REST client over fetch: an OAuth client-credentials token cached until shortly before
 * it expires, JSON calls with PayPal-Request-Id (PayPal's idempotency key) where money moves.
 */
export function createPaypalClient(config: PaypalConfig, now: () => number = Date.now) {
  let token: { value: string; until: number } | null = null;
  const base = config.apiBase.replace(/\/$/, '');

  async function accessToken(): Promise<string> {
    if (token && token.until > now()) return token.value;
    const res = await fetch(`${base}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${config.clientId}:${config.secret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    const body = (await res.json().catch(() => ({}))) as { access_token?: string; expires_in?: number };
    if (!res.ok || !body.access_token) throw new PaypalError(res.status, 'AUTHENTICATION_FAILURE', undefined);
    // A minute early, so a token never expires mid-call.
    token = { value: body.access_token, until: now() + ((body.expires_in ?? 300) - 60) * 1000 };
    return token.value;
  }

  async function call<T = Json>(
    method: string,
    path: string,
    body?: unknown,
    requestId?: string,
  ): Promise<T> {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${await accessToken()}`,
        'content-type': 'application/json',
        prefer: 'return=representation',
        ...(requestId ? { 'paypal-request-id': requestId } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    const json = (text ? JSON.parse(text) : {}) as Json;
    if (!res.ok) {
      const details = json.details as { issue?: string }[] | undefined;
      throw new PaypalError(res.status, String(json.name ?? 'ERROR'), details?.[0]?.issue);
    }
    return json as T;
  }
  return { call, accessToken };
}
export type PaypalClient = ReturnType<typeof createPaypalClient>;

const approveLink = (links: Link[] | undefined) =>
  links?.find((l) => l.rel === 'approve' || l.rel === 'payer-action')?.href;

/** The buyer has not approved yet: the checkout stays open (a later confirm may still pay). */
const notApproved = () =>
  new AppError(409, 'notApproved', 'The payment has not been approved at PayPal yet', 'id');

/** How long a buyer has to approve at PayPal before reconcile abandons the checkout. */
export const APPROVAL_WINDOW_MS = 3 * 60 * 60_000;

/** What a PayPal billing plan is made for: one plan per site, bundle, price, trial and currency. */
export interface PaypalPlanKey {
  siteUid: string;
  bundleId: string;
  priceCents: number;
  trialDays: number;
  currency: string;
}

/** Where plan ids outlive the process (paypal_plans); `save` answers the id kept (the first one). */
export interface PaypalPlanStore {
  find(key: PaypalPlanKey): Promise<string | undefined>;
  save(key: PaypalPlanKey, planId: string): Promise<string>;
}

/** Billing-cycle unit of a plan type (accounts-and-commerce planType). */
const INTERVAL: Record<string, { unit: 'DAY' | 'WEEK' | 'MONTH' | 'YEAR'; count: number }> = {
  day: { unit: 'DAY', count: 1 },
  week: { unit: 'WEEK', count: 1 },
  month: { unit: 'MONTH', count: 1 },
  quarter: { unit: 'MONTH', count: 3 },
  year: { unit: 'YEAR', count: 1 },
};

/**
 * PayPal (decision 0031) as two registry entries sharing one client: `paypal` (one-time: an
 * order, approved by the buyer at PayPal, captured on confirm) and `paypal-sub` (a subscription
 * on a billing plan per bundle, activated on confirm; PayPal bills the later cycles itself).
 * Neither saves cards. Both use our charge id as PayPal-Request-Id and custom_id.
 */
export function createPaypalGateways(
  client: PaypalClient,
  deps: {
    /** Our charge by id: the PayPal reference begin stored and when the checkout started. */
    lookup: (chargeId: string) => Promise<{ ref: string | null; createdAtMs: number } | undefined>;
    now: () => number;
    /** The plans made before (kept in paypal_plans), so a restart or another node reuses them. */
    plans?: PaypalPlanStore;
  },
) {
  /**
   * What reconcile learns about a charge: paid, or (past the approval window, never approved)
   * abandoned; inside the window an open approval is left alone (thrown: reconcile skips it).
   */
  async function settled(
    chargeId: string,
    status: (ref: string) => Promise<ChargeOutcome | 'open'>,
  ): Promise<ChargeOutcome | null> {
    const charge = await deps.lookup(chargeId);
    if (!charge) return null;
    const outcome = charge.ref ? await status(charge.ref) : 'open';
    if (outcome !== 'open') return outcome;
    if (deps.now() - charge.createdAtMs > APPROVAL_WINDOW_MS) return null;
    throw new Error('paypal: the buyer has not approved yet');
  }

  /** Plan ids by site, bundle, price, trial and currency: this process's, in front of the store. */
  const plans = new Map<string, Promise<string>>();

  async function planFor(r: NonNullable<Parameters<ApprovalGateway['begin']>[0]['recurring']>) {
    const interval = INTERVAL[r.planType];
    if (!interval)
      throw new AppError(400, 'invalid', `A ${r.planType} plan cannot be a PayPal subscription`, 'gateway');
    const key = `${r.siteUid}:${r.bundleId}:${r.priceCents}:${r.trialDays}:${r.currency}`;
    let plan = plans.get(key);
    if (!plan) {
      plan = (async () => {
        const planKey: PaypalPlanKey = {
          siteUid: r.siteUid,
          bundleId: r.bundleId,
          priceCents: r.priceCents,
          trialDays: r.trialDays,
          currency: r.currency,
        };
        const stored = await deps.plans?.find(planKey);
        if (stored) return stored;
        const product = await client.call<{ id: string }>(
          'POST',
          '/v1/catalogs/products',
          { name: r.name.slice(0, 127), type: 'DIGITAL', category: 'ENTERTAINMENT_AND_MEDIA' },
          `product-${key}`,
        );
        const value = (r.priceCents / 100).toFixed(2);
        const cycles = [
          ...(r.trialDays > 0
            ? [
                {
                  frequency: { interval_unit: 'DAY', interval_count: r.trialDays },
                  tenure_type: 'TRIAL',
                  sequence: 1,
                  total_cycles: 1,
                  pricing_scheme: { fixed_price: { value: '0', currency_code: r.currency } },
                },
              ]
            : []),
          {
            frequency: { interval_unit: interval.unit, interval_count: interval.count },
            tenure_type: 'REGULAR',
            sequence: r.trialDays > 0 ? 2 : 1,
            total_cycles: 0,
            pricing_scheme: { fixed_price: { value, currency_code: r.currency } },
          },
        ];
        const created = await client.call<{ id: string }>(
          'POST',
          '/v1/billing/plans',
          {
            product_id: product.id,
            name: r.name.slice(0, 127),
            status: 'ACTIVE',
            billing_cycles: cycles,
            payment_preferences: { auto_bill_outstanding: true, payment_failure_threshold: 1 },
          },
          `plan-${key}`,
        );
        // Two nodes may race here; the store keeps the first id and answers it to both.
        return deps.plans ? deps.plans.save(planKey, created.id) : created.id;
      })();
      plans.set(key, plan);
      plan.catch(() => plans.delete(key));
    }
    return plan;
  }

  const noCards = {
    savesCards: false as const,
    saveCard(): never {
      throw new AppError(400, 'gatewayUnavailable', 'PayPal keeps no cards', 'gateway');
    },
    charge(): never {
      // Every PayPal payment is approved by the buyer first (begin → confirm).
      throw new GatewayRefusedError('PayPal payments need the buyer’s approval');
    },
    removeCard(): never {
      throw new GatewayRefusedError('PayPal keeps no cards');
    },
  };

  const paypal: ApprovalGateway = {
    name: 'paypal',
    ...noCards,
    async begin({ idempotencyKey, amountCents, currency, description, returnUrl, cancelUrl }) {
      try {
        const order = await client.call<{ id: string; links?: Link[] }>(
          'POST',
          '/v2/checkout/orders',
          {
            intent: 'CAPTURE',
            purchase_units: [
              {
                reference_id: idempotencyKey,
                custom_id: idempotencyKey,
                description: description.slice(0, 127),
                amount: { currency_code: currency, value: (amountCents / 100).toFixed(2) },
              },
            ],
            payment_source: {
              paypal: {
                experience_context: {
                  user_action: 'PAY_NOW',
                  shipping_preference: 'NO_SHIPPING',
                  return_url: returnUrl,
                  cancel_url: cancelUrl,
                },
              },
            },
          },
          idempotencyKey,
        );
        const href = approveLink(order.links);
        if (!href) throw new Error(`paypal order ${order.id} has no approval link`);
        return { ref: order.id, approvalHref: href };
      } catch (err) {
        gatewayUnavailable(err);
      }
    },
    async complete({ ref, idempotencyKey }): Promise<ChargeOutcome> {
      try {
        const captured = await client.call<{
          status: string;
          purchase_units?: { payments?: { captures?: { id: string; status: string }[] } }[];
        }>('POST', `/v2/checkout/orders/${encodeURIComponent(ref)}/capture`, {}, `capture-${idempotencyKey}`);
        const capture = captured.purchase_units?.[0]?.payments?.captures?.[0];
        if (captured.status === 'COMPLETED' && capture && capture.status !== 'DECLINED')
          return { status: 'succeeded', ref: capture.id };
        return { status: 'declined', declineCode: (capture?.status ?? captured.status).toLowerCase(), ref };
      } catch (err) {
        if (err instanceof PaypalError && err.issue === 'ORDER_NOT_APPROVED') throw notApproved();
        // Captured by an earlier attempt (another request id): read what that capture was.
        if (err instanceof PaypalError && err.issue === 'ORDER_ALREADY_CAPTURED') {
          const order = await client.call<{
            purchase_units?: { payments?: { captures?: { id: string }[] } }[];
          }>('GET', `/v2/checkout/orders/${encodeURIComponent(ref)}`);
          const capture = order.purchase_units?.[0]?.payments?.captures?.[0];
          if (capture) return { status: 'succeeded', ref: capture.id };
        }
        // "The instrument presented was either declined by the processor or bank."
        if (err instanceof PaypalError && err.status === 422 && err.issue)
          return { status: 'declined', declineCode: err.issue.toLowerCase(), ref };
        gatewayUnavailable(err);
      }
    },
    async abandon() {
      // An order nobody approved expires at PayPal by itself; there is nothing to void.
    },
    findCharge: (chargeId) =>
      settled(chargeId, async (ref) => {
        const order = await client.call<{
          status: string;
          purchase_units?: { payments?: { captures?: { id: string }[] } }[];
        }>('GET', `/v2/checkout/orders/${encodeURIComponent(ref)}`);
        const capture = order.purchase_units?.[0]?.payments?.captures?.[0];
        if (order.status === 'COMPLETED' && capture) return { status: 'succeeded', ref: capture.id };
        // Approved but our confirm never came: capturing is what the buyer asked for.
        if (order.status === 'APPROVED') return paypal.complete({ ref, idempotencyKey: chargeId });
        return 'open';
      }),
    async refund(ref) {
      try {
        await client.call(
          'POST',
          `/v2/payments/captures/${encodeURIComponent(ref)}/refund`,
          {},
          `refund-${ref}`,
        );
      } catch (err) {
        if (err instanceof PaypalError && err.status === 422) throw new GatewayRefusedError(err.message);
        gatewayUnavailable(err);
      }
    },
  };

  const paypalSub: ApprovalGateway = {
    name: 'paypal-sub',
    ...noCards,
    async begin({ idempotencyKey, recurring, returnUrl, cancelUrl }) {
      if (!recurring) throw new AppError(400, 'invalid', 'paypal-sub is for recurring bundles', 'gateway');
      try {
        const planId = await planFor(recurring);
        const sub = await client.call<{ id: string; links?: Link[] }>(
          'POST',
          '/v1/billing/subscriptions',
          {
            plan_id: planId,
            custom_id: idempotencyKey,
            application_context: {
              user_action: 'SUBSCRIBE_NOW',
              shipping_preference: 'NO_SHIPPING',
              return_url: returnUrl,
              cancel_url: cancelUrl,
            },
          },
          idempotencyKey,
        );
        const href = approveLink(sub.links);
        if (!href) throw new Error(`paypal subscription ${sub.id} has no approval link`);
        return { ref: sub.id, approvalHref: href };
      } catch (err) {
        gatewayUnavailable(err);
      }
    },
    async complete({ ref }): Promise<ChargeOutcome> {
      try {
        const path = `/v1/billing/subscriptions/${encodeURIComponent(ref)}`;
        let sub = await client.call<{ id: string; status: string }>('GET', path);
        if (sub.status === 'APPROVED') {
          await client.call('POST', `${path}/activate`, { reason: 'Approved by the buyer' });
          sub = await client.call<{ id: string; status: string }>('GET', path);
        }
        if (sub.status === 'ACTIVE') return { status: 'succeeded', ref: sub.id };
        if (sub.status === 'APPROVAL_PENDING') throw notApproved();
        return { status: 'declined', declineCode: sub.status.toLowerCase(), ref: sub.id };
      } catch (err) {
        gatewayUnavailable(err);
      }
    },
    async abandon(ref) {
      try {
        await client.call('POST', `/v1/billing/subscriptions/${encodeURIComponent(ref)}/cancel`, {
          reason: 'Checkout canceled by the buyer',
        });
      } catch (err) {
        // Never approved, or already canceled: either way nothing will bill.
        if (err instanceof PaypalError && (err.status === 404 || err.status === 422)) return;
        gatewayUnavailable(err);
      }
    },
    findCharge: (chargeId) =>
      settled(chargeId, async (ref) => {
        const sub = await client.call<{ status: string }>(
          'GET',
          `/v1/billing/subscriptions/${encodeURIComponent(ref)}`,
        );
        if (sub.status === 'ACTIVE' || sub.status === 'APPROVED')
          return paypalSub.complete({ ref, idempotencyKey: chargeId });
        return 'open';
      }),
    async refund() {
      throw new GatewayRefusedError('Refund a PayPal subscription payment from its transaction');
    },
  };
  return { paypal, paypalSub };
}
