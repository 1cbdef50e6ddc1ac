import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { commerceHarness, expectDeclined, TEST_CARDS, type CommerceHarness } from './fixtures';
import { startStripeDouble, type StripeDouble } from './doubles/stripe-double';

const WEBHOOK_SECRET = 'whsec_test_double_secret';
let t: CommerceHarness;
let stripe: StripeDouble;
beforeEach(async () => {
  stripe = await startStripeDouble();
  t = await commerceHarness({
    env: {
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: stripe.url,
    },
  });
});
afterEach(async () => {
  await t.h.close();
  await stripe.close();
});

const addStripeCard = (cardNumber?: string) => t.postCard('alice', 'stripe', cardNumber);
const order = (resourceId: string, paymentMethod: string) => ({
  ...t.cardOrder(resourceId, paymentMethod),
  gateway: 'stripe',
});
const stripeCharges = () =>
  t.h.db.selectFrom('gateway_charges').selectAll().where('gateway', '=', 'stripe').execute();

/** Signs an event the way Stripe does (the SDK's own test helper over the exact bytes). */
function signed(event: object, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return { payload, header };
}
const postWebhook = (payload: string, signature?: string) =>
  t.h.app.inject({
    method: 'POST',
    url: '/api/payment/webhooks/stripe',
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    payload,
  });

describe('stripe gateway refusals', () => {
  it('a card Stripe refuses at setup: 400 with the §8 validation message, nothing saved', async () => {
    const res = await addStripeCard(TEST_CARDS.validationFails);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(
      'There was an error attempting to validate your payment information.',
    );
    const saved = await t.h.db.selectFrom('payment_methods').selectAll().execute();
    expect(saved).toEqual([]);
  });

  it('a declined charge: 402 with the decline code in parentheses, the charge declined, no purchase', async () => {
    const card = (await addStripeCard(TEST_CARDS.insufficientFunds)).json().id as string;
    expectDeclined(await t.subscribe('alice', order('annual', card)), 'insufficient_funds');
    expect(await t.purchases('alice')).toEqual([]);
    expect(await stripeCharges()).toEqual([
      expect.objectContaining({ status: 'declined', decline_code: 'insufficient_funds' }),
    ]);
  });

  it('a wrong secret key: Stripe answers 401, the client gets 502 and nothing is saved', async () => {
    await stripe.close();
    stripe = await startStripeDouble('sk_test_other');
    await t.h.close();
    t = await commerceHarness({
      env: { STRIPE_SECRET_KEY: 'sk_test_wrong', STRIPE_API_BASE: stripe.url },
    });
    const res = await addStripeCard();
    // Stripe's 401 is about our key, not the user's request: a 502, and nothing saved.
    expect(res.statusCode).toBe(502);
    expect(res.json().error.code).toBe('paymentFailed');
    expect(await t.h.db.selectFrom('payment_methods').selectAll().execute()).toEqual([]);
    expect(stripe.requests.every((r) => r.authorization === 'Bearer sk_test_wrong')).toBe(true);
  });

  it('webhook: missing and bad signatures are 400 naming Stripe-Signature; nothing is recorded', async () => {
    const { payload, header } = signed({ id: 'evt_1', type: 'charge.refunded', data: { object: {} } });
    const none = await postWebhook(payload);
    expect(none.statusCode).toBe(400);
    expect(none.json().error.field).toBe('Stripe-Signature');
    const forged = signed({ id: 'evt_1', type: 'charge.refunded', data: { object: {} } }, 'whsec_other');
    const bad = await postWebhook(payload, forged.header);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: 'invalidSignature', field: 'Stripe-Signature' });
    // The right signature over other bytes (a re-serialised body) does not verify either.
    const tampered = await postWebhook(payload.replace('evt_1', 'evt_2'), header);
    expect(tampered.statusCode).toBe(400);
    expect(await t.h.db.selectFrom('webhook_events').selectAll().execute()).toEqual([]);
  });

  it('webhook: 404 when stripe is not configured', async () => {
    await t.h.close();
    t = await commerceHarness();
    const { payload, header } = signed({ id: 'evt_1', type: 'x', data: { object: {} } });
    expect((await postWebhook(payload, header)).statusCode).toBe(404);
    const gateways = (await t.h.app.inject({ url: '/api/payment/gateways' })).json();
    expect(JSON.stringify(gateways)).not.toContain('stripe');
  });
});

describe('stripe gateway', () => {
  it('saves a card (PaymentMethod + Customer + SetupIntent) and pays with it off_session', async () => {
    const added = await addStripeCard();
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ last4: '4242' });
    const setup = stripe.requests.find((r) => r.path === '/v1/setup_intents')!;
    expect(setup.form.get('usage')).toBe('off_session');
    expect(setup.form.get('confirm')).toBe('true');

    const res = await t.subscribe('alice', order('annual', added.json().id as string));
    expect(res.statusCode).toBe(201);
    expect(res.json().purchase).toMatchObject({ gateway: 'stripe', status: 'active' });
    const [charge] = await stripeCharges();
    const pay = stripe.requests.find((r) => r.path === '/v1/payment_intents')!;
    // Our charge id is Stripe's Idempotency-Key and the metadata findCharge searches by.
    expect(pay.idempotencyKey).toBe(charge!.id);
    expect(pay.form.get('metadata[charge_id]')).toBe(charge!.id);
    expect(pay.form.get('off_session')).toBe('true');
    expect(pay.form.get('amount')).toBe('7990');
    expect(pay.authorization).toBe(`Bearer ${stripe.secretKey}`);
    expect(res.json().purchase.gatewayId).toMatch(/^pi_/);
  });

  it('the same Idempotency-Key replays the first answer: one PaymentIntent, one purchase', async () => {
    const card = (await addStripeCard()).json().id as string;
    const key = t.newKey();
    const first = await t.subscribe('alice', order('annual', card), key);
    const again = await t.subscribe('alice', order('annual', card), key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json().purchase.id).toBe(first.json().purchase.id);
    expect(stripe.intents.size).toBe(1);
    expect(await t.purchases('alice')).toHaveLength(1);
  });

  it('a lost answer: 502, then reconcile finds the PaymentIntent by metadata and records it once', async () => {
    const card = (await addStripeCard(TEST_CARDS.lostResponse)).json().id as string;
    const res = await t.subscribe('alice', order('annual', card));
    expect(res.statusCode).toBe(502);
    expect(await t.purchases('alice')).toEqual([]);
    t.clock.now += 10 * 60_000;
    // A restart runs reconcile (the app's start-up reconciler), here twice: still one purchase.
    for (let i = 0; i < 2; i++) await t.restart();
    const rows = await t.purchases('alice');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.gateway_id).toBe([...stripe.intents.keys()][0]);
    expect(stripe.requests.some((r) => r.path === '/v1/payment_intents/search')).toBe(true);
  });

  it('webhook payment_intent.succeeded records a lost charge once; a replay is 200 without effect', async () => {
    const card = (await addStripeCard(TEST_CARDS.lostResponse)).json().id as string;
    expect((await t.subscribe('alice', order('annual', card))).statusCode).toBe(502);
    const pi = [...stripe.intents.values()][0]!;
    const event = {
      id: 'evt_succeeded_1',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: pi },
    };
    const { payload, header } = signed(event);
    const res = await postWebhook(payload, header);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, duplicate: false });
    const [purchase] = await t.purchases('alice');
    expect(purchase).toMatchObject({ gateway: 'stripe', gateway_id: pi.id, status: 'active' });
    const replay = await postWebhook(payload, header);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    // A second delivery under another event id still records nothing more.
    const other = signed({ ...event, id: 'evt_succeeded_2' });
    expect((await postWebhook(other.payload, other.header)).json().duplicate).toBe(false);
    expect(await t.purchases('alice')).toHaveLength(1);
    const entitled = await t.h.app.inject({
      url: '/api/payment/purchasedbundlesIds',
      headers: t.auth('alice'),
    });
    expect(JSON.stringify(entitled.json())).toContain('annual');
  });

  it('webhook charge.refunded cancels the purchase with statusHistory, once', async () => {
    const card = (await addStripeCard()).json().id as string;
    const bought = (await t.subscribe('alice', order('annual', card))).json().purchase;
    const event = {
      id: 'evt_refund_1',
      object: 'event',
      type: 'charge.refunded',
      data: { object: { id: 'ch_1', object: 'charge', refunded: true, payment_intent: bought.gatewayId } },
    };
    const { payload, header } = signed(event);
    expect((await postWebhook(payload, header)).statusCode).toBe(200);
    const [row] = await t.purchases('alice');
    expect(row!.status).toBe('canceled');
    const history = JSON.parse(row!.status_history) as { status: string }[];
    expect(history.map((h) => h.status)).toEqual(['active', 'canceled']);
    expect((await postWebhook(payload, header)).json().duplicate).toBe(true);
    expect((JSON.parse((await t.purchases('alice'))[0]!.status_history) as unknown[]).length).toBe(2);
  });

  it('removing a card detaches its PaymentMethod at Stripe', async () => {
    const card = (await addStripeCard()).json().id as string;
    const res = await t.h.app.inject({
      method: 'DELETE',
      url: `/api/payment/method/remove/stripe/${card}`,
      headers: t.auth('alice'),
    });
    expect(res.statusCode).toBeLessThan(300);
    expect(stripe.requests.some((r) => /\/v1\/payment_methods\/pm_[^/]+\/detach$/.test(r.path))).toBe(true);
  });
});
