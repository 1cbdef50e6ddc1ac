import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPaypalClient, createPaypalGateways } from '../../src/modules/commerce/gateways/paypal-gateway';
import { createPaypalPlansRepository } from '../../src/modules/commerce/gateways/paypal-plans.repository';
import { BILLING, commerceHarness, renewalsNode, type CommerceHarness } from './fixtures';
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

type Event = { id: string; event_type: string; resource: Record<string, unknown> };
/** A webhook body as PayPal sends it (recorded shape), for our subscription and a sale id. */
function saleEvent(kind: 'completed' | 'denied', subId: string, saleId: string, eventId: string): Event {
  const event = JSON.parse(
    readFileSync(join(__dirname, 'doubles', 'fixtures', `paypal-webhook-sale-${kind}.json`), 'utf8'),
  ) as Event;
  // Billed at the clock's instant.
  const at = new Date(t.clock.now).toISOString();
  return {
    ...event,
    id: eventId,
    resource: {
      ...event.resource,
      id: saleId,
      billing_agreement_id: subId,
      create_time: at,
      update_time: at,
    },
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

/** alice subscribes to a bundle through PayPal, approves and confirms: her purchase row. */
async function subscribed(bundle: 'annual' | 'monthly') {
  const res = await t.subscribe('alice', {
    gateway: 'paypal-sub',
    resourceId: bundle,
    type: 'Bundle',
    billingAddress: BILLING,
    disclaimerAccepted: true,
  });
  expect(res.statusCode).toBe(202);
  const { checkoutId } = res.json();
  const subId = (
    await t.h.db
      .selectFrom('gateway_charges')
      .select('gateway_ref')
      .where('id', '=', checkoutId)
      .executeTakeFirstOrThrow()
  ).gateway_ref!;
  pp.approve(subId);
  const ok = await t.h.app.inject({
    method: 'POST',
    url: `/api/payment/paypal-sub/confirm/${checkoutId}`,
    headers: t.auth('alice'),
    payload: { subscription_id: subId },
  });
  expect(ok.statusCode).toBe(201);
  const p = (await t.purchases('alice')).at(-1)!;
  expect(p.gateway_id).toBe(subId);
  return { p, subId };
}
const purchase = (id: string) =>
  t.h.db.selectFrom('purchases').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const statuses = (row: { status_history: string }) =>
  (JSON.parse(row.status_history) as { status: string }[]).map((h) => h.status);
const history = async () =>
  (await t.h.app.inject({ url: '/api/payment/billingHistory', headers: t.auth('alice') })).json().items as {
    id: string;
    amountCents: number;
    status: string;
    name: string;
  }[];

describe('paypal subscription webhooks: refusals', () => {
  it('a sale whose signature PayPal does not verify is 400 and changes nothing', async () => {
    const { p, subId } = await subscribed('annual');
    const res = await webhook(saleEvent('completed', subId, 'SALE-1', 'WH-S1'), 'forged');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.field).toBe('PayPal-Transmission-Sig');
    expect(await purchase(p.id)).toMatchObject({ available_to: p.available_to });
    expect(await t.h.db.selectFrom('webhook_events').selectAll().execute()).toEqual([]);
  });

  it('a sale for a subscription that is not ours, or without one, is received and ignored', async () => {
    const { p } = await subscribed('annual');
    expect((await webhook(saleEvent('completed', 'I-NOTOURS', 'SALE-X', 'WH-X'))).statusCode).toBe(200);
    const noAgreement = saleEvent('completed', 'I-NONE', 'SALE-Y', 'WH-Y');
    delete noAgreement.resource.billing_agreement_id;
    expect((await webhook(noAgreement)).statusCode).toBe(200);
    expect(await purchase(p.id)).toMatchObject({ available_to: p.available_to, status: 'active' });
    expect((await history()).filter((h) => h.id.startsWith('ps_'))).toEqual([]);
  });
});

describe('paypal subscription lifecycle', () => {
  it('PAYMENT.SALE.COMPLETED: the first payment is recorded, later ones extend once per sale id', async () => {
    const { p, subId } = await subscribed('annual');
    expect(p.available_to).toBe('2027-03-01T12:00:00.000Z');
    // PayPal bills the first cycle at activation: checkout already gave that year.
    expect((await webhook(saleEvent('completed', subId, 'SALE-1', 'WH-1'))).statusCode).toBe(200);
    expect((await purchase(p.id)).available_to).toBe('2027-03-01T12:00:00.000Z');
    // A year later, the next cycle: one more year.
    t.clock.now = Date.parse('2027-03-01T12:00:05.000Z');
    await t.signTokens();
    expect((await webhook(saleEvent('completed', subId, 'SALE-2', 'WH-2'))).json()).toEqual({
      received: true,
      duplicate: false,
    });
    const after = await purchase(p.id);
    expect(after).toMatchObject({
      status: 'active',
      available_to: '2028-03-01T12:00:00.000Z',
      period_started_at: '2027-03-01T12:00:00.000Z',
      period_paid_cents: 7990,
    });
    // The same event again is a duplicate; the same sale under another event id changes nothing.
    expect((await webhook(saleEvent('completed', subId, 'SALE-2', 'WH-2'))).json().duplicate).toBe(true);
    expect((await webhook(saleEvent('completed', subId, 'SALE-2', 'WH-2-again'))).statusCode).toBe(200);
    expect((await purchase(p.id)).available_to).toBe('2028-03-01T12:00:00.000Z');
    // Both payments are in the billing history, once each.
    const sales = (await history()).filter((h) => h.id.startsWith('ps_'));
    expect(sales.map((h) => [h.id, h.amountCents, h.status]).sort()).toEqual([
      ['ps_SALE-1', 7990, 'succeeded'],
      ['ps_SALE-2', 7990, 'succeeded'],
    ]);
    expect(sales[0]!.name).toBe('Bundle annual');
  });

  it('a trial subscription: the first sale ends the trial and pays the first month', async () => {
    const { p, subId } = await subscribed('monthly');
    expect(p.status).toBe('trialing');
    t.clock.now = Date.parse(p.trial_ends_at!) + 5000;
    const event = saleEvent('completed', subId, 'SALE-T1', 'WH-T1');
    (event.resource.amount as { total: string }).total = '7.99';
    expect((await webhook(event)).statusCode).toBe(200);
    const after = await purchase(p.id);
    expect(after).toMatchObject({
      status: 'active',
      period_started_at: p.trial_ends_at,
      available_to: '2026-04-08T12:00:00.000Z',
      period_paid_cents: 799,
    });
    expect(statuses(after).at(-1)).toBe('active');
  });

  it('PAYMENT.SALE.DENIED suspends with statusHistory and records the declined payment', async () => {
    const { p, subId } = await subscribed('annual');
    t.clock.now = Date.parse('2027-03-01T12:00:05.000Z');
    await t.signTokens();
    expect((await webhook(saleEvent('denied', subId, 'SALE-D', 'WH-D'))).statusCode).toBe(200);
    const after = await purchase(p.id);
    expect(after.status).toBe('suspended');
    expect(statuses(after)).toEqual(['active', 'suspended']);
    expect(await history()).toContainEqual(
      expect.objectContaining({ id: 'ps_SALE-D', status: 'declined', amountCents: 7990 }),
    );
    // PayPal retries and the payment goes through: active again for the next year.
    expect((await webhook(saleEvent('completed', subId, 'SALE-R', 'WH-R'))).statusCode).toBe(200);
    expect(await purchase(p.id)).toMatchObject({
      status: 'active',
      available_to: '2028-03-01T12:00:00.000Z',
    });
  });

  it('BILLING.SUBSCRIPTION.SUSPENDED suspends with statusHistory (once); ACTIVATED resumes it', async () => {
    const { p, subId } = await subscribed('annual');
    const event = { id: 'WH-SUSP', event_type: 'BILLING.SUBSCRIPTION.SUSPENDED', resource: { id: subId } };
    expect((await webhook(event)).statusCode).toBe(200);
    expect((await webhook({ ...event, id: 'WH-SUSP-2' })).statusCode).toBe(200);
    expect(statuses(await purchase(p.id))).toEqual(['active', 'suspended']);
    const resumed = { id: 'WH-ACT', event_type: 'BILLING.SUBSCRIPTION.ACTIVATED', resource: { id: subId } };
    expect((await webhook(resumed)).statusCode).toBe(200);
    expect(statuses(await purchase(p.id))).toEqual(['active', 'suspended', 'active']);
  });

  it('BILLING.SUBSCRIPTION.ACTIVATED does not end a trial', async () => {
    const { p, subId } = await subscribed('monthly');
    const event = { id: 'WH-ACT-T', event_type: 'BILLING.SUBSCRIPTION.ACTIVATED', resource: { id: subId } };
    expect((await webhook(event)).statusCode).toBe(200);
    expect(await purchase(p.id)).toMatchObject({ status: 'trialing', available_to: p.available_to });
  });

  it('BILLING.SUBSCRIPTION.CANCELLED ends the purchase at its period end, without a charge', async () => {
    const { p, subId } = await subscribed('annual');
    const event = { id: 'WH-CANCEL', event_type: 'BILLING.SUBSCRIPTION.CANCELLED', resource: { id: subId } };
    expect((await webhook(event)).statusCode).toBe(200);
    expect(await purchase(p.id)).toMatchObject({ status: 'active', cancel_subscription_in_progress: 1 });
    const renewals = renewalsNode(t.h.db, { now: () => t.clock.now, log: pino({ level: 'silent' }) });
    expect(await renewals.run()).toMatchObject({ ended: 0 });
    t.clock.now = Date.parse(p.available_to!) + 1;
    expect(await renewals.run()).toMatchObject({ ended: 1 });
    const after = await purchase(p.id);
    expect(after.status).toBe('canceled');
    expect(statuses(after)).toEqual(['active', 'canceled']);
    expect(
      await t.h.db.selectFrom('gateway_charges').select('id').where('purchase_id', '=', p.id).execute(),
    ).toHaveLength(1); // the checkout's own charge only
  });
});

describe('paypal plans are kept in the database', () => {
  it('a second gateway instance over the same database reuses the plan', async () => {
    const gatewaysOver = () =>
      createPaypalGateways(
        createPaypalClient({
          clientId: pp.clientId,
          secret: pp.secret,
          apiBase: pp.url,
          webhookId: pp.webhookId,
        }),
        {
          lookup: async () => undefined,
          now: () => t.clock.now,
          plans: createPaypalPlansRepository(t.h.db, () => t.clock.now),
        },
      ).paypalSub;
    const begin = (key: string) => ({
      idempotencyKey: key,
      amountCents: 7990,
      currency: 'USD',
      description: 'annual',
      recurring: {
        siteUid: 'acme',
        bundleId: 'annual',
        name: 'annual',
        planType: 'year',
        priceCents: 7990,
        trialDays: 0,
        currency: 'USD',
      },
      returnUrl: 'http://localhost/paypal-sub?op=confirm',
      cancelUrl: 'http://localhost/paypal-sub?op=cancel',
    });
    const plansMade = () => pp.requests.filter((r) => r.method === 'POST' && r.path === '/v1/billing/plans');
    await gatewaysOver().begin(begin('c-1'));
    expect(plansMade()).toHaveLength(1);
    // "A restart": a new instance with an empty memory, over the same table.
    await gatewaysOver().begin(begin('c-2'));
    expect(plansMade()).toHaveLength(1);
    const subs = pp.requests.filter((r) => r.method === 'POST' && r.path === '/v1/billing/subscriptions');
    expect(subs.map((s) => s.body.plan_id)).toEqual([subs[0]!.body.plan_id, subs[0]!.body.plan_id]);
    expect(await t.h.db.selectFrom('paypal_plans').selectAll().execute()).toEqual([
      expect.objectContaining({ site_uid: 'acme', bundle_id: 'annual', price_cents: 7990, trial_days: 0 }),
    ]);
    // Another price is another plan.
    await gatewaysOver().begin({
      ...begin('c-3'),
      recurring: { ...begin('c-3').recurring, priceCents: 6990 },
    });
    expect(plansMade()).toHaveLength(2);
  });
});
