import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BILLING, commerceHarness, type CommerceHarness } from './fixtures';
import { paypalEnv, startPaypalDouble, VALID_PAYPAL_SIG, type PaypalDouble } from './doubles/paypal-double';

let t: CommerceHarness;
let pp: PaypalDouble;
beforeEach(async () => {
  pp = await startPaypalDouble();
  t = await commerceHarness({ env: paypalEnv(pp) });
});
afterEach(async () => {
  await t.h.close();
  await pp.close();
});

const walletOrder = (resourceId: string, gateway: 'paypal' | 'paypal-sub' = 'paypal') => ({
  gateway,
  resourceId,
  type: resourceId === 'rental' ? 'Rental' : 'Bundle',
  billingAddress: BILLING,
  disclaimerAccepted: true,
});
const confirm = (who: 'alice' | 'bob', id: string, body: object = {}, route = 'paypal') =>
  t.h.app.inject({
    method: 'POST',
    url: `/api/payment/${route}/confirm/${id}`,
    headers: t.auth(who),
    payload: body,
  });
const cancel = (who: 'alice' | 'bob', id: string, route = 'paypal') =>
  t.h.app.inject({ method: 'POST', url: `/api/payment/${route}/cancel/${id}`, headers: t.auth(who) });
const charge = (id: string) =>
  t.h.db.selectFrom('gateway_charges').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** Starts a one-time PayPal checkout of the rental: answers the checkout id and PayPal's order id. */
async function begin(resourceId = 'rental') {
  const res = await t.subscribe('alice', walletOrder(resourceId));
  expect(res.statusCode).toBe(202);
  const body = res.json();
  return {
    checkoutId: body.checkoutId as string,
    orderId: (await charge(body.checkoutId)).gateway_ref!,
    body,
  };
}

const webhook = (event: object, sig = VALID_PAYPAL_SIG) =>
  t.h.app.inject({
    method: 'POST',
    url: '/api/payment/webhooks/paypal',
    headers: {
      'content-type': 'application/json',
      'paypal-auth-algo': 'SHA256withRSA',
      'paypal-cert-url': 'https://api-m.sandbox.paypal.com/v1/notifications/certs/CERT-1',
      'paypal-transmission-id': 'tx-1',
      'paypal-transmission-sig': sig,
      'paypal-transmission-time': '2026-03-01T12:00:00Z',
    },
    payload: JSON.stringify(event),
  });

describe('paypal refusals', () => {
  it('a recurring bundle through one-time paypal (and the reverse) is 400 naming gateway', async () => {
    const sub = await t.subscribe('alice', walletOrder('annual'));
    expect(sub.statusCode).toBe(400);
    expect(sub.json().error.field).toBe('gateway');
    const once = await t.subscribe('alice', walletOrder('rental', 'paypal-sub'));
    expect(once.statusCode).toBe(400);
    expect(once.json().error.field).toBe('gateway');
    expect(pp.requests).toEqual([]);
  });

  it('confirm: someone else’s checkout and an unknown id are 404; a token of another order is 400', async () => {
    const { checkoutId } = await begin();
    expect((await confirm('bob', checkoutId)).statusCode).toBe(404);
    expect((await confirm('alice', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    // Through the other route (paypal-sub) it is not that gateway's checkout either.
    expect((await confirm('alice', checkoutId, {}, 'paypal-sub')).statusCode).toBe(404);
    const wrong = await confirm('alice', checkoutId, { token: 'OTHERORDER', PayerID: 'P1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.field).toBe('token');
    expect(await t.purchases('alice')).toEqual([]);
  });

  it('confirm before the buyer approved: 409 notApproved, no purchase, and the checkout stays open', async () => {
    const { checkoutId, orderId } = await begin();
    const res = await confirm('alice', checkoutId);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'notApproved', field: 'id' });
    expect(await t.purchases('alice')).toEqual([]);
    expect((await charge(checkoutId)).status).toBe('pending');
    pp.approve(orderId);
    expect((await confirm('alice', checkoutId, { token: orderId })).statusCode).toBe(201);
  });

  it('a declined instrument at capture: 402 with the decline code', async () => {
    const { checkoutId, orderId } = await begin();
    pp.approve(orderId, { decline: true });
    const res = await confirm('alice', checkoutId, { token: orderId, PayerID: 'PAYER1' });
    expect(res.statusCode).toBe(402);
    expect(res.json().error.message).toBe(
      'Unexpected error processing your payment. Please try again (instrument_declined)',
    );
    expect((await charge(checkoutId)).status).toBe('declined');
  });

  it('webhook: missing headers and a signature PayPal does not verify are 400; nothing recorded', async () => {
    const none = await t.h.app.inject({
      method: 'POST',
      url: '/api/payment/webhooks/paypal',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ id: 'WH-1', event_type: 'BILLING.SUBSCRIPTION.CANCELLED', resource: {} }),
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.field).toBe('PayPal-auth-algo');
    const bad = await webhook(
      { id: 'WH-1', event_type: 'BILLING.SUBSCRIPTION.CANCELLED', resource: {} },
      'forged',
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('invalidSignature');
    expect(await t.h.db.selectFrom('webhook_events').selectAll().execute()).toEqual([]);
  });

  it('a wrong client secret: the OAuth token is refused and checkout answers 502', async () => {
    await t.h.close();
    t = await commerceHarness({
      env: { PAYPAL_CLIENT_ID: pp.clientId, PAYPAL_SECRET: 'wrong', PAYPAL_API_BASE: pp.url },
    });
    const res = await t.subscribe('alice', walletOrder('rental'));
    expect(res.statusCode).toBe(502);
    expect(pp.requests.map((r) => r.path)).toEqual(['/v1/oauth2/token']);
  });
});

describe('paypal one-time order', () => {
  it('subscribe answers the approval link; confirm captures and records the purchase exactly once', async () => {
    const { checkoutId, orderId, body } = await begin();
    expect(body).toEqual({
      success: true,
      checkoutId,
      approvalLink: { href: `https://www.sandbox.paypal.com/checkoutnow?token=${orderId}` },
    });
    const created = pp.requests.find((r) => r.path === '/v2/checkout/orders')!;
    expect(created.requestId).toBe(checkoutId);
    const ctx = (created.body.payment_source as { paypal: { experience_context: Record<string, string> } })
      .paypal.experience_context;
    const back = new URL(ctx.return_url!);
    expect(back.pathname).toBe('/paypal');
    expect(Object.fromEntries(back.searchParams)).toMatchObject({
      op: 'confirm',
      cid: checkoutId,
      bid: 'rental',
    });
    expect(new URL(ctx.cancel_url!).searchParams.get('op')).toBe('cancel');
    expect((await t.purchases('alice')).length).toBe(0);

    pp.approve(orderId);
    const [a, b] = await Promise.all([
      confirm('alice', checkoutId, { token: orderId, PayerID: 'PAYER1' }),
      confirm('alice', checkoutId, { token: orderId, PayerID: 'PAYER1' }),
    ]);
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(a.json().purchase.id).toBe(b.json().purchase.id);
    expect(a.json().purchase).toMatchObject({ gateway: 'paypal', status: 'active', amountCents: 399 });
    const again = await confirm('alice', checkoutId, { token: orderId });
    expect(again.json().purchase.id).toBe(a.json().purchase.id);
    expect(await t.purchases('alice')).toHaveLength(1);
    // The capture carried PayPal-Request-Id, and one OAuth token served every call.
    expect(pp.requests.filter((r) => r.path.endsWith('/capture')).every((r) => r.requestId)).toBe(true);
    expect(pp.requests.filter((r) => r.path === '/v1/oauth2/token')).toHaveLength(1);
  });

  it('the same Idempotency-Key answers the same approval link (one order at PayPal)', async () => {
    const key = t.newKey();
    const first = await t.subscribe('alice', walletOrder('rental'), key);
    const again = await t.subscribe('alice', walletOrder('rental'), key);
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual(first.json());
    expect(pp.orders.size).toBe(1);
  });

  it('cancel abandons the checkout: confirm is then 409 and a new checkout can start', async () => {
    const { checkoutId, orderId } = await begin();
    const res = await cancel('alice', checkoutId);
    expect(res.statusCode).toBe(200);
    expect((await charge(checkoutId)).status).toBe('abandoned');
    pp.approve(orderId);
    const late = await confirm('alice', checkoutId, { token: orderId });
    expect(late.statusCode).toBe(409);
    expect(await t.purchases('alice')).toEqual([]);
    expect((await t.subscribe('alice', walletOrder('rental'))).statusCode).toBe(202);
  });

  it('webhook PAYMENT.CAPTURE.COMPLETED records a capture whose confirm never came; replay is a no-op', async () => {
    const { checkoutId, orderId } = await begin();
    pp.approve(orderId);
    // Captured at PayPal (say, by a confirm that crashed before recording).
    const cap = await fetch(`${pp.url}/v2/checkout/orders/${orderId}/capture`, {
      method: 'POST',
      headers: {
        authorization: pp.requests.find((r) => r.path === '/v2/checkout/orders')!.authorization!,
        'content-type': 'application/json',
        'paypal-request-id': `capture-${checkoutId}`,
      },
      body: '{}',
    }).then((r) => r.json() as Promise<{ purchase_units: { payments: { captures: { id: string }[] } }[] }>);
    const captureId = cap.purchase_units[0]!.payments.captures[0]!.id;
    const event = {
      id: 'WH-CAPTURE-1',
      event_type: 'PAYMENT.CAPTURE.COMPLETED',
      resource: { id: captureId, custom_id: checkoutId, status: 'COMPLETED' },
    };
    const res = await webhook(event);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, duplicate: false });
    expect(await t.purchases('alice')).toEqual([expect.objectContaining({ gateway_id: captureId })]);
    expect((await webhook(event)).json()).toEqual({ received: true, duplicate: true });
    // The late confirm answers the same purchase (the capture replays under its request id).
    const late = await confirm('alice', checkoutId, { token: orderId });
    expect(late.statusCode).toBe(201);
    expect(await t.purchases('alice')).toHaveLength(1);
  });
});

describe('paypal subscription', () => {
  it('approve → confirm activates the subscription and records a recurring purchase once', async () => {
    const res = await t.subscribe('alice', walletOrder('annual', 'paypal-sub'));
    expect(res.statusCode).toBe(202);
    const { checkoutId, approvalLink } = res.json();
    const subId = (await charge(checkoutId)).gateway_ref!;
    expect(approvalLink.href).toContain('ba_token=');
    const plan = pp.requests.find((r) => r.path === '/v1/billing/plans')!;
    expect(plan.body.billing_cycles).toEqual([
      expect.objectContaining({
        tenure_type: 'REGULAR',
        frequency: { interval_unit: 'YEAR', interval_count: 1 },
        pricing_scheme: { fixed_price: { value: '79.90', currency_code: 'USD' } },
      }),
    ]);
    const created = pp.requests.find((r) => r.path === '/v1/billing/subscriptions')!;
    expect(created.body.custom_id).toBe(checkoutId);
    const back = new URL((created.body.application_context as { return_url: string }).return_url);
    expect(back.pathname).toBe('/paypal-sub');

    // Not approved yet: PayPal says APPROVAL_PENDING, so no purchase (and nothing activated).
    const early = await confirm('alice', checkoutId, { subscription_id: subId }, 'paypal-sub');
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('notApproved');
    expect(await t.purchases('alice')).toEqual([]);
    expect(pp.requests.some((r) => r.path.endsWith('/activate'))).toBe(false);
  });

  it('after approval, confirm activates it; cancel-at-PayPal webhook cancels at period end', async () => {
    const res = await t.subscribe('alice', walletOrder('annual', 'paypal-sub'));
    const { checkoutId } = res.json();
    const subId = (await charge(checkoutId)).gateway_ref!;
    pp.approve(subId);
    const ok = await confirm('alice', checkoutId, { subscription_id: subId }, 'paypal-sub');
    expect(ok.statusCode).toBe(201);
    expect(ok.json().purchase).toMatchObject({ gateway: 'paypal-sub', status: 'active', isRecurring: true });
    expect(pp.subs.get(subId)!.status).toBe('ACTIVE');
    expect(pp.requests.some((r) => r.path === `/v1/billing/subscriptions/${subId}/activate`)).toBe(true);

    const event = {
      id: 'WH-SUB-CANCEL',
      event_type: 'BILLING.SUBSCRIPTION.CANCELLED',
      resource: { id: subId },
    };
    expect((await webhook(event)).statusCode).toBe(200);
    // PayPal bills no more; the paid year runs out, then renewals end it (paypal-subscriptions.test.ts).
    const [row] = await t.purchases('alice');
    expect(row).toMatchObject({ status: 'active', cancel_subscription_in_progress: 1 });
    expect((await webhook(event)).json().duplicate).toBe(true);
  });

  it('cancel of a subscription checkout cancels it at PayPal', async () => {
    const res = await t.subscribe('alice', walletOrder('annual', 'paypal-sub'));
    const { checkoutId } = res.json();
    const subId = (await charge(checkoutId)).gateway_ref!;
    expect((await cancel('alice', checkoutId, 'paypal-sub')).statusCode).toBe(200);
    expect(pp.subs.get(subId)!.status).toBe('CANCELLED');
  });
});

describe("the spec's wallet callback paths (decision 0057)", () => {
  const atRoot = (who: 'alice' | 'bob' | null, op: 'confirm' | 'cancel', id: string, body?: object) =>
    t.h.app.inject({
      method: 'POST',
      url: `/paypal-sub/${op}/${id}`,
      headers: who ? t.auth(who) : {},
      ...(body ? { payload: body } : {}),
    });

  it('refuse as ours do: 401 signed out, 404 for someone else’s checkout, 400 naming a bad body field', async () => {
    const res = await t.subscribe('alice', walletOrder('annual', 'paypal-sub'));
    const { checkoutId } = res.json();
    expect((await atRoot(null, 'confirm', checkoutId, {})).statusCode).toBe(401);
    expect((await atRoot(null, 'cancel', checkoutId)).statusCode).toBe(401);
    const other = await atRoot('bob', 'confirm', checkoutId, {});
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual((await confirm('bob', checkoutId, {}, 'paypal-sub')).json());
    expect((await atRoot('bob', 'cancel', checkoutId)).statusCode).toBe(404);
    const bad = await atRoot('alice', 'confirm', checkoutId, { subscription_id: 7 });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('subscription_id');
    // The one-time wallet has no root path in the spec, so none here.
    expect((await t.h.app.inject({ method: 'POST', url: `/paypal/confirm/${checkoutId}` })).statusCode).toBe(
      404,
    );
    // The owner's cancel abandons it and cancels it at PayPal.
    const subId = (await charge(checkoutId)).gateway_ref!;
    expect((await atRoot('alice', 'cancel', checkoutId)).statusCode).toBe(200);
    expect(pp.subs.get(subId)!.status).toBe('CANCELLED');
  });

  it('confirm activates the approved subscription, once whichever path confirms it', async () => {
    const res = await t.subscribe('alice', walletOrder('annual', 'paypal-sub'));
    const { checkoutId } = res.json();
    const subId = (await charge(checkoutId)).gateway_ref!;
    const early = await atRoot('alice', 'confirm', checkoutId, { subscription_id: subId });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('notApproved');
    pp.approve(subId);
    const ok = await atRoot('alice', 'confirm', checkoutId, { subscription_id: subId });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().purchase).toMatchObject({ gateway: 'paypal-sub', status: 'active' });
    // Ours answers the same confirmed checkout with the same purchase: one, not two.
    const ours = await confirm('alice', checkoutId, { subscription_id: subId }, 'paypal-sub');
    expect(ours.json().purchase.id).toBe(ok.json().purchase.id);
    expect(await t.purchases('alice')).toHaveLength(1);
  });
});
