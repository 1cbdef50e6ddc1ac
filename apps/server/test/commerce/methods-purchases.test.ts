import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { commerceHarness, TEST_CARDS, type CommerceHarness } from './fixtures';

let t: CommerceHarness;
beforeEach(async () => {
  t = await commerceHarness();
});
afterEach(async () => {
  await t.h.close();
});

const methods = async (who: 'alice' | 'bob' = 'alice') =>
  (await t.h.app.inject({ url: '/api/payment/method/get/test', headers: t.auth(who) })).json().items as {
    id: string;
    isDefault: boolean;
    last4: string;
    cardType: string;
  }[];

describe('payment methods', () => {
  it('the gateways this server runs', async () => {
    const res = await t.h.app.inject({ url: '/api/payment/gateways' });
    expect(res.json().items).toEqual([
      { name: 'test', enabled: true, savesCards: true },
      { name: 'free', enabled: true, savesCards: false },
    ]);
  });

  it('add (captcha action addCard): the first card is the default; its number is never stored', async () => {
    const first = await t.addCard('alice');
    const second = await t.addCard('alice', TEST_CARDS.successMastercard);
    expect(await methods()).toEqual([
      expect.objectContaining({
        id: first,
        isDefault: true,
        last4: '4242',
        cardType: 'Visa',
        expMonth: 12,
        expYear: 2030,
      }),
      expect.objectContaining({ id: second, isDefault: false, last4: '4444', cardType: 'MasterCard' }),
    ]);
    const row = await t.h.db
      .selectFrom('payment_methods')
      .selectAll()
      .where('id', '=', first)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain('4242424242424242');
    expect(await methods('bob')).toEqual([]);
  });

  it('a captcha works once', async () => {
    const token = await t.solvedCaptcha(t.h.app, 'acme');
    const add = () =>
      t.h.app.inject({
        method: 'POST',
        url: '/api/payment/method/create/test',
        headers: t.auth('alice'),
        payload: {
          recaptchaToken: token,
          paymentMethod: {
            cardNumber: '4242424242424242',
            firstName: 'A',
            lastName: 'B',
            month: 12,
            year: 2030,
            cardCode: '123',
            zip: '1',
          },
        },
      });
    expect((await add()).statusCode).toBe(201);
    const again = await add();
    expect(again.statusCode).toBe(400);
    expect(again.json().error.field).toBe('recaptchaToken');
  });

  it('set default with applyAllPurchases moves the recurring purchases: "Your purchases have been updated successfully"', async () => {
    const first = await t.addCard('alice');
    const second = await t.addCard('alice', TEST_CARDS.successMastercard);
    await t.subscribe('alice', t.cardOrder('annual', first));
    const only = await t.h.app.inject({
      method: 'PUT',
      url: `/api/payment/method/default/test/${second}`,
      headers: t.auth('alice'),
      payload: { applyAllPurchases: false },
    });
    expect(only.json()).toMatchObject({ updatedPurchases: 0, message: null });
    expect((await methods()).find((m) => m.isDefault)?.id).toBe(second);
    expect((await t.purchases('alice'))[0]!.payment_method_id).toBe(first);
    const all = await t.h.app.inject({
      method: 'PUT',
      url: `/api/payment/method/default/test/${second}`,
      headers: t.auth('alice'),
      payload: { applyAllPurchases: true },
    });
    expect(all.json()).toMatchObject({
      updatedPurchases: 1,
      message: 'Your purchases have been updated successfully',
    });
    expect((await t.purchases('alice'))[0]!.payment_method_id).toBe(second);
  });

  it('delete: refused with the E00105 message while a live purchase renews with it, then allowed', async () => {
    const card = await t.addCard('alice');
    const spare = await t.addCard('alice', TEST_CARDS.successMastercard);
    const bought = (await t.subscribe('alice', t.cardOrder('annual', card))).json().purchase;
    const del = (id: string) =>
      t.h.app.inject({
        method: 'DELETE',
        url: `/api/payment/method/remove/test/${id}`,
        headers: t.auth('alice'),
      });
    const refused = await del(card);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      'This payment method is associated with an active purchase. Please add a new Credit Card and try again.',
    );
    await t.h.app.inject({
      method: 'POST',
      url: '/api/payment/unsubscribe',
      headers: t.auth('alice'),
      payload: { purchaseId: bought.id },
    });
    expect((await del(card)).statusCode).toBe(204);
    // The default moved to the remaining card.
    expect(await methods()).toEqual([expect.objectContaining({ id: spare, isDefault: true })]);
    // A card the gateway no longer has: "The selected payment method cannot be deleted."
    await t.h.db.updateTable('test_gateway_methods').set({ detached: 1 }).execute();
    await t.h.db.deleteFrom('test_gateway_methods').execute();
    const gone = await del(spare);
    expect(gone.statusCode).toBe(409);
    expect(gone.json().error.message).toBe('The selected payment method cannot be deleted.');
  });
});

describe('purchases page', () => {
  it('myBundles pages from 0 in the spec’s paginated shape; cancel sets status and canceledDate', async () => {
    const card = await t.addCard('alice');
    await t.subscribe('alice', { gateway: 'free', resourceId: 'freebie' });
    const annual = (await t.subscribe('alice', t.cardOrder('annual', card))).json().purchase;
    t.clock.now += 1000;
    const page = (
      await t.h.app.inject({
        url: '/api/payment/purchasedbundles?page=0&pageSize=1',
        headers: t.auth('alice'),
      })
    ).json();
    expect(page).toMatchObject({
      current_page: 0,
      items_per_page: 1,
      total_items: 2,
      total_pages: 2,
      next_page: 1,
      prev_page: null,
    });
    const cancel = await t.h.app.inject({
      method: 'POST',
      url: '/api/payment/unsubscribe',
      headers: t.auth('alice'),
      payload: { purchaseId: annual.id },
    });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toMatchObject({ status: 'canceled', canceledDate: '2026-03-01T12:00:01.000Z' });
    expect(cancel.json().statusHistory.map((h: { status: string }) => h.status)).toEqual([
      'active',
      'canceled',
    ]);
    const twice = await t.h.app.inject({
      method: 'POST',
      url: '/api/payment/unsubscribe',
      headers: t.auth('alice'),
      payload: { purchaseId: annual.id },
    });
    expect(twice.statusCode).toBe(409);
    // Canceled: the bundle can be bought again.
    expect(
      (await t.h.app.inject({ url: '/api/payment/purchasedbundlesIds', headers: t.auth('alice') })).json()
        .items,
    ).toEqual(['freebie']);
  });

  it('billingHistory lists the charges; rentals have their own list', async () => {
    const card = await t.addCard('alice');
    await t.subscribe('alice', t.cardOrder('rental', card, { type: 'Rental' }));
    const history = (
      await t.h.app.inject({ url: '/api/payment/billingHistory', headers: t.auth('alice') })
    ).json().items;
    expect(history).toEqual([
      expect.objectContaining({ status: 'succeeded', amountCents: 399, amount: 3.99, gateway: 'test' }),
    ]);
    const rentals = (await t.h.app.inject({ url: '/v2/me/rentals', headers: t.auth('alice') })).json();
    expect(rentals.items).toHaveLength(1);
    expect((await t.h.app.inject({ url: '/v2/me/rentals', headers: t.auth('bob') })).json().total_items).toBe(
      0,
    );
  });
});

describe('reconcile', () => {
  const lostOrder = async () => {
    const card = await t.addCard('alice', TEST_CARDS.lostResponse);
    return t.cardOrder('annual', card);
  };

  it('a charge whose answer was lost: the request fails, a retry with the same key records it once', async () => {
    const order = await lostOrder();
    const key = t.newKey();
    const first = await t.subscribe('alice', order, key);
    expect(first.statusCode).toBe(502);
    expect(first.json().error.message).toBe('Unexpected error processing your payment. Please try again');
    expect(await t.purchases('alice')).toEqual([]);
    expect(await t.gatewayCharges()).toHaveLength(1);
    const retry = await t.subscribe('alice', order, key);
    expect(retry.statusCode).toBe(201);
    expect(await t.gatewayCharges()).toHaveLength(1);
    expect(await t.purchases('alice')).toHaveLength(1);
  });

  it('at start-up, charges the gateway made without a purchase get exactly one', async () => {
    const order = await lostOrder();
    const key = t.newKey();
    expect((await t.subscribe('alice', order, key)).statusCode).toBe(502);
    // Younger than the grace period: a request may still be running, so a restart leaves it.
    const restart = async () => {
      const app = await buildApp({
        config: t.h.config,
        db: t.h.db,
        context: { now: () => t.clock.now },
        logger: false,
      });
      await app.ready();
      await app.close();
    };
    await restart();
    expect(await t.purchases('alice')).toEqual([]);
    t.clock.now += 3 * 60_000;
    await restart();
    await restart();
    const rows = await t.purchases('alice');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ bundle_id: 'annual', status: 'active', gateway: 'test' });
    const charge = await t.h.db.selectFrom('gateway_charges').selectAll().executeTakeFirstOrThrow();
    expect(charge).toMatchObject({ status: 'succeeded', purchase_id: rows[0]!.id });
    expect(charge.gateway_ref).toBe(rows[0]!.gateway_id);
    // The client's retry answers the reconciled purchase and charges nothing more.
    await t.signTokens();
    const retry = await t.subscribe('alice', order, key);
    expect(retry.statusCode).toBe(201);
    expect(retry.json().purchase.id).toBe(rows[0]!.id);
    expect(await t.gatewayCharges()).toHaveLength(1);
  });

  it('a charge the gateway never saw is marked abandoned, and gets no purchase', async () => {
    const card = await t.addCard('alice');
    const order = t.cardOrder('annual', card);
    // A request that died after writing its charge attempt, before calling the gateway.
    const key = t.newKey();
    const done = await t.subscribe('alice', order, key);
    const plan = (
      await t.h.db.selectFrom('gateway_charges').select('purchase_plan').executeTakeFirstOrThrow()
    ).purchase_plan;
    const planned = JSON.parse(plan);
    planned.purchase.id = 'p-died';
    await t.h.db
      .insertInto('gateway_charges')
      .values({
        id: 'c-died',
        site_uid: 'acme',
        user_id: 'bob',
        idempotency_key: 'bob:died',
        gateway: 'test',
        payment_method_id: null,
        amount_cents: 7990,
        currency: 'USD',
        status: 'pending',
        purchase_plan: JSON.stringify({ ...planned, purchase: { ...planned.purchase, user_id: 'bob' } }),
        created_at: '2026-03-01T12:00:00.000Z',
        updated_at: '2026-03-01T12:00:00.000Z',
      })
      .execute();
    expect(done.statusCode).toBe(201);
    t.clock.now += 3 * 60_000;
    const app = await buildApp({
      config: t.h.config,
      db: t.h.db,
      context: { now: () => t.clock.now },
      logger: false,
    });
    await app.ready();
    await app.close();
    const died = await t.h.db
      .selectFrom('gateway_charges')
      .selectAll()
      .where('id', '=', 'c-died')
      .executeTakeFirstOrThrow();
    expect(died).toMatchObject({ status: 'abandoned', purchase_id: null });
    expect(await t.purchases('bob')).toEqual([]);
  });
});

describe('changing one purchase’s payment method', () => {
  const change = (who: 'alice' | 'bob', id: string, payload: object) =>
    t.h.app.inject({
      method: 'PUT',
      url: `/api/payment/purchases/${id}/method`,
      headers: t.auth(who),
      payload,
    });

  it('refuses anonymous callers, others’ purchases, non-recurring or canceled ones, and the current method', async () => {
    expect(
      (await t.h.app.inject({ method: 'PUT', url: '/api/payment/purchases/x/method', payload: {} }))
        .statusCode,
    ).toBe(401);
    const card = await t.addCard('alice');
    const spare = await t.addCard('alice', TEST_CARDS.successMastercard);
    const annual = (await t.subscribe('alice', t.cardOrder('annual', card))).json().purchase;
    const poster = (
      await t.subscribe(
        'alice',
        t.cardOrder('poster', card, { shippingFullName: 'A', shippingAddress: { sameAsBilling: true } }),
      )
    ).json().purchase;
    const body = (paymentMethod?: string) => ({ gateway: 'test', gatewayData: { paymentMethod } });
    expect((await change('bob', annual.id, body(spare))).statusCode).toBe(404);
    expect((await change('alice', poster.id, body(spare))).statusCode).toBe(409);
    const missing = await change('alice', annual.id, body());
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.field).toBe('gatewayData.paymentMethod');
    const wrongGateway = await change('alice', annual.id, { ...body(spare), gateway: 'free' });
    expect(wrongGateway.statusCode).toBe(400);
    expect(wrongGateway.json().error.field).toBe('gateway');
    const same = await change('alice', annual.id, body(card));
    expect(same.statusCode).toBe(409);
    expect(same.json().error.message).toBe(
      'This is your current payment method, you should choose another one',
    );
    const bobs = await t.addCard('bob');
    expect((await change('alice', annual.id, body(bobs))).statusCode).toBe(404);

    const ok = await change('alice', annual.id, body(spare));
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('Your purchases have been updated successfully');
    expect((await t.purchases('alice')).find((p) => p.id === annual.id)!.payment_method_id).toBe(spare);

    await t.h.app.inject({
      method: 'POST',
      url: '/api/payment/unsubscribe',
      headers: t.auth('alice'),
      payload: { purchaseId: annual.id },
    });
    expect((await change('alice', annual.id, body(card))).statusCode).toBe(409);
  });
});
