import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RENEWAL_FAILED_MESSAGE } from '@marquee/domain';
import { createEventBus } from '../../src/infra/event-bus';
import { RENEWAL_LEASE_MS } from '../../src/modules/commerce/renewals/renewal-claims';
import { commerceHarness, renewalsNode, TEST_CARDS, type CommerceHarness } from './fixtures';

let t: CommerceHarness;
let invalidated: string[];
beforeEach(async () => {
  t = await commerceHarness();
  invalidated = [];
});
afterEach(async () => {
  await t.h.close();
});

/** A scheduler as one node runs it: its own gateway client over the shared tables. */
const node = () => {
  const events = createEventBus();
  events.on('purchaseChanged', ({ siteUid, userId }) => invalidated.push(`${siteUid}:${userId}`));
  return renewalsNode(t.h.db, { now: () => t.clock.now, events });
};

async function buy(bundle: string, card: string = TEST_CARDS.success) {
  const method = await t.addCard('alice', card);
  const res = await t.subscribe('alice', t.cardOrder(bundle, method));
  expect(res.statusCode).toBe(201);
  return (await t.purchases('alice')).at(-1)!;
}
const purchase = async (id: string) =>
  (await t.h.db.selectFrom('purchases').selectAll().where('id', '=', id).executeTakeFirstOrThrow())!;
const renewalCharges = async () =>
  (await t.gatewayCharges()).filter((c) => c.idempotency_key.startsWith('rn_'));

describe('renewals', () => {
  it('suspendedPurchases needs a signed-in user (401)', async () => {
    expect((await t.h.app.inject({ url: '/api/payment/suspendedPurchases' })).statusCode).toBe(401);
  });

  it('nothing is charged before the period ends', async () => {
    const p = await buy('annual');
    t.clock.now = Date.parse(p.available_to!) - 1;
    expect(await node().run()).toMatchObject({ renewed: 0, suspended: 0 });
    expect(await renewalCharges()).toHaveLength(0);
  });

  it('renews at trial end: charges the first cycle, trialing → active with history', async () => {
    const p = await buy('monthly');
    expect(p.status).toBe('trialing');
    t.clock.now = Date.parse(p.trial_ends_at!) + 1000;
    expect(await node().run()).toMatchObject({ renewed: 1 });
    const after = await purchase(p.id);
    expect(after).toMatchObject({
      status: 'active',
      period_paid_cents: 799,
      period_started_at: p.trial_ends_at,
    });
    // One calendar month after the trial's end (2026-03-08 → 2026-04-08).
    expect(after.available_to).toBe('2026-04-08T12:00:00.000Z');
    expect(JSON.parse(after.status_history).map((h: { status: string }) => h.status)).toEqual([
      'trialing',
      'active',
    ]);
    const charges = await renewalCharges();
    expect(charges).toEqual([expect.objectContaining({ amount_cents: 799, status: 'succeeded' })]);
    expect(invalidated).toContain('acme:alice');
  });

  it('renews at period end, once per period, and again the next period', async () => {
    const p = await buy('annual');
    const r = node();
    t.clock.now = Date.parse(p.available_to!) + 1;
    expect(await r.run()).toMatchObject({ renewed: 1 });
    expect(await r.run()).toMatchObject({ renewed: 0 });
    const after = await purchase(p.id);
    expect(after.available_to).toBe('2028-03-01T12:00:00.000Z');
    expect(after.status).toBe('active');
    t.clock.now = Date.parse(after.available_to!) + 1;
    expect(await r.run()).toMatchObject({ renewed: 1 });
    expect((await renewalCharges()).map((c) => c.amount_cents)).toEqual([7990, 7990]);
  });

  it('a decline suspends the purchase with a statusHistory entry and drops access', async () => {
    // A trial charges nothing, so the card that declines is only refused at the trial's end.
    const p = await buy('monthly', TEST_CARDS.insufficientFunds);
    t.clock.now = Date.parse(p.available_to!) + 1;
    expect(await node().run()).toMatchObject({ suspended: 1 });
    const after = await purchase(p.id);
    expect(after.status).toBe('suspended');
    expect(after.available_to).toBe(p.available_to);
    expect(JSON.parse(after.status_history).at(-1)).toEqual({
      status: 'suspended',
      timestamp: new Date(t.clock.now).toISOString(),
    });
    expect(invalidated).toContain('acme:alice');
    expect(await renewalCharges()).toEqual([
      expect.objectContaining({ status: 'declined', decline_code: 'insufficient_funds' }),
    ]);
    // The alert after login: the suspended purchases, with the §8 text in the domain.
    await t.signTokens();
    const list = await t.h.app.inject({ url: '/api/payment/suspendedPurchases', headers: t.auth('alice') });
    expect(list.statusCode).toBe(200);
    expect(list.json().items).toEqual([expect.objectContaining({ _id: p.id, status: 'suspended' })]);
    const bob = await t.h.app.inject({ url: '/api/payment/suspendedPurchases', headers: t.auth('bob') });
    expect(bob.json().items).toEqual([]);
    expect(RENEWAL_FAILED_MESSAGE).toMatch(/update your payment information/);
    // Not retried by later runs: a suspended purchase is not due.
    expect(await node().run()).toMatchObject({ suspended: 0, renewed: 0 });
  });

  it('a purchase canceled at period end (cancelSubscriptionInProgress) ends without a charge', async () => {
    const p = await buy('annual');
    await t.h.db
      .updateTable('purchases')
      .set({ cancel_subscription_in_progress: 1 })
      .where('id', '=', p.id)
      .execute();
    t.clock.now = Date.parse(p.available_to!) + 1;
    expect(await node().run()).toMatchObject({ ended: 1 });
    expect((await purchase(p.id)).status).toBe('canceled');
    expect(await renewalCharges()).toHaveLength(0);
  });

  it('a canceled purchase is not renewed', async () => {
    const p = await buy('annual');
    await t.h.db.updateTable('purchases').set({ status: 'canceled' }).where('id', '=', p.id).execute();
    t.clock.now = Date.parse(p.available_to!) + 1;
    expect(await node().run()).toMatchObject({ renewed: 0, ended: 0 });
    expect(await renewalCharges()).toHaveLength(0);
  });

  it('a purchase on a gateway that renews by itself (PayPal subscription) is left to its webhooks', async () => {
    const p = await buy('annual');
    await t.h.db.updateTable('purchases').set({ gateway: 'paypal' }).where('id', '=', p.id).execute();
    t.clock.now = Date.parse(p.available_to!) + 1;
    expect(await node().run()).toMatchObject({ renewed: 0, suspended: 0 });
    expect((await purchase(p.id)).status).toBe('active');
  });

  it('a subscription free for ALL cycles renews at zero without the gateway', async () => {
    const res = await t.subscribe('alice', {
      gateway: 'free',
      resourceId: 'noads',
      type: 'Bundle',
      couponCode: 'FREEALL',
      gatewayData: {},
    });
    expect(res.statusCode).toBe(201);
    const p = (await t.purchases('alice'))[0]!;
    expect(p.gateway).toBe('free');
    t.clock.now = Date.parse(p.available_to!) + 1;
    expect(await node().run()).toMatchObject({ renewed: 1 });
    expect((await purchase(p.id)).available_to).toBe('2026-05-01T12:00:00.000Z');
    expect(await renewalCharges()).toHaveLength(0);
  });

  it('two schedulers at once charge once and extend once', async () => {
    const p = await buy('annual');
    t.clock.now = Date.parse(p.available_to!) + 1;
    const [a, b] = await Promise.all([node().run(), node().run()]);
    expect(a.renewed + b.renewed).toBe(1);
    expect(await renewalCharges()).toHaveLength(1);
    expect((await purchase(p.id)).available_to).toBe('2028-03-01T12:00:00.000Z');
  });

  it('a crash mid-renewal (charged, answer lost): a restart after the lease finishes it with one charge', async () => {
    const p = await buy('annual');
    // From now on the card's charges are made but their answers lost, as in a crash after the gateway.
    await t.h.db.updateTable('test_gateway_methods').set({ behaviour: 'lost_response' }).execute();
    t.clock.now = Date.parse(p.available_to!) + 1;
    expect(await node().run()).toMatchObject({ pending: 1, renewed: 0 });
    expect(await renewalCharges()).toHaveLength(1);
    expect((await purchase(p.id)).available_to).toBe(p.available_to);
    // Another node (or the restarted one) inside the lease leaves it to its holder.
    expect(await node().run()).toMatchObject({ pending: 1 });
    // After the lease, the period's charge is taken over: the gateway answers the same key's charge.
    t.clock.now += RENEWAL_LEASE_MS + 1;
    expect(await node().run()).toMatchObject({ renewed: 1 });
    expect(await renewalCharges()).toHaveLength(1);
    expect(await purchase(p.id)).toMatchObject({
      status: 'active',
      available_to: '2028-03-01T12:00:00.000Z',
    });
    const charge = await t.h.db
      .selectFrom('gateway_charges')
      .selectAll()
      .where('purchase_id', '=', p.id)
      .where('id', 'like', 'rn_%')
      .execute();
    expect(charge).toEqual([expect.objectContaining({ status: 'succeeded', amount_cents: 7990 })]);
  });

  it('the server process runs renewals when it is ready', async () => {
    const p = await buy('annual');
    t.clock.now = Date.parse(p.available_to!) + 1;
    const { buildApp } = await import('../../src/app');
    const app = await buildApp({
      config: t.h.config,
      db: t.h.db,
      context: { now: () => t.clock.now },
      logger: false,
    });
    await app.ready();
    await app.close();
    expect((await purchase(p.id)).available_to).toBe('2028-03-01T12:00:00.000Z');
    expect(await renewalCharges()).toHaveLength(1);
  });
});

describe('reactivating a suspended purchase (a new card)', () => {
  /** alice's monthly plan, suspended by a declined renewal at its trial's end. */
  async function suspended() {
    const p = await buy('monthly', TEST_CARDS.insufficientFunds);
    t.clock.now = Date.parse(p.available_to!) + 1;
    expect(await node().run()).toMatchObject({ suspended: 1 });
    await t.signTokens();
    return p;
  }
  const changeMethod = (id: string, paymentMethod: string, who: 'alice' | 'bob' = 'alice') =>
    t.h.app.inject({
      method: 'PUT',
      url: `/api/payment/purchases/${id}/method`,
      headers: t.auth(who),
      payload: { gateway: 'test', gatewayData: { paymentMethod } },
    });
  const reactivations = async () =>
    (await t.gatewayCharges()).filter((c) => c.idempotency_key.startsWith('ra_'));

  it("another user's purchase is a 404 and changes nothing", async () => {
    const p = await suspended();
    const card = await t.addCard('bob');
    expect((await changeMethod(p.id, card, 'bob')).statusCode).toBe(404);
    expect((await purchase(p.id)).status).toBe('suspended');
  });

  it('a card that declines answers 402 with the decline code; the purchase stays suspended', async () => {
    const p = await suspended();
    const card = await t.addCard('alice', TEST_CARDS.declined);
    const res = await changeMethod(p.id, card);
    expect(res.statusCode).toBe(402);
    expect(res.json().error.message).toBe(
      'Unexpected error processing your payment. Please try again (card_declined)',
    );
    const after = await purchase(p.id);
    expect(after).toMatchObject({ status: 'suspended', payment_method_id: card });
    expect(await reactivations()).toEqual([expect.objectContaining({ status: 'declined' })]);
  });

  it('a good card charges one new period from now, restores access and keeps that day of month', async () => {
    const p = await suspended();
    t.clock.now = Date.UTC(2026, 2, 31, 9); // a week later, on the 31st
    await t.signTokens();
    const card = await t.addCard('alice');
    const res = await changeMethod(p.id, card);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Your purchases have been updated successfully' });
    const after = await purchase(p.id);
    expect(after).toMatchObject({
      status: 'active',
      period_paid_cents: 799,
      period_started_at: '2026-03-31T09:00:00.000Z',
      available_to: '2026-04-30T09:00:00.000Z',
      billing_anchor_at: '2026-03-31T09:00:00.000Z',
    });
    expect(JSON.parse(after.status_history).map((h: { status: string }) => h.status)).toEqual([
      'trialing',
      'suspended',
      'active',
    ]);
    expect(await reactivations()).toEqual([
      expect.objectContaining({ amount_cents: 799, status: 'succeeded' }),
    ]);
    const list = await t.h.app.inject({ url: '/api/payment/suspendedPurchases', headers: t.auth('alice') });
    expect(list.json().items).toEqual([]);

    // Reactivating again (a double submit) charges nothing more; the next renewal keeps the 31st.
    expect(await node().reactivate(p.id)).toEqual({ kind: 'skipped' });
    t.clock.now = Date.parse(after.available_to!) + 1;
    expect(await node().run()).toMatchObject({ renewed: 1 });
    expect((await purchase(p.id)).available_to).toBe('2026-05-31T09:00:00.000Z');
    expect(await reactivations()).toHaveLength(1);
  });

  it('applying a card to all purchases reactivates the suspended ones', async () => {
    const p = await suspended();
    const card = await t.addCard('alice');
    const res = await t.h.app.inject({
      method: 'PUT',
      url: `/api/payment/method/default/test/${card}`,
      headers: t.auth('alice'),
      payload: { applyAllPurchases: true },
    });
    expect(res.statusCode).toBe(200);
    expect((await purchase(p.id)).status).toBe('active');
  });
});
