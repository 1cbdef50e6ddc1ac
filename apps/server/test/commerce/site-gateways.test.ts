import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSitesRepository } from '../../src/modules/sites/sites.repository';
import { BILLING, CARD, commerceHarness, renewalsNode, type CommerceHarness } from './fixtures';

// Decision 0036: a site takes orders only through the gateways it enables. acme enables `test`
// (the fixtures do), buys with it, then its operator turns it off: every order endpoint naming
// `test` is refused with 400 naming the gateway, and the listing leaves it out.
let t: CommerceHarness;
let card: string;
let monthly: string;

beforeAll(async () => {
  t = await commerceHarness();
  await t.h.db
    .updateTable('sites')
    .set({ tip_jar: JSON.stringify({ enabled: true, survey: [] }) })
    .where('uid', '=', 'acme')
    .execute();
  card = await t.addCard('alice');
  const bought = await t.subscribe('alice', t.cardOrder('monthly', card));
  expect(bought.statusCode).toBe(201);
  monthly = bought.json().purchase.id;
  // The operator keeps stripe only (not configured here, so nothing card-based is left).
  await t.h.db
    .updateTable('sites')
    .set({ payment_gateways: JSON.stringify(['stripe']) })
    .where('uid', '=', 'acme')
    .execute();
});
afterAll(() => t.h.close());

const request = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.h.app.inject({
    method,
    url,
    headers: { ...t.auth('alice'), 'idempotency-key': t.newKey() },
    payload,
  });

function expectGatewayRefused(res: { statusCode: number; json: () => { error: { field: string } } }) {
  expect(res.statusCode).toBe(400);
  expect(res.json().error).toMatchObject({ code: 'gatewayUnavailable', field: 'gateway' });
}

describe('a site without the test gateway', () => {
  it('does not list it (only free, which takes zero-amount orders)', async () => {
    const res = await t.h.app.inject({ url: '/api/payment/gateways?__site=acme' });
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([{ name: 'free', enabled: true, savesCards: false }]);
    // taxed still enables it: the list is per site.
    const taxed = await t.h.app.inject({ url: '/api/payment/gateways?__site=taxed' });
    expect(taxed.json().items.map((g: { name: string }) => g.name)).toEqual(['test', 'free']);
  });

  it('refuses a test-gateway checkout, with a saved card or a new one: 400 naming gateway, nothing charged', async () => {
    const before = (await t.gatewayCharges()).length;
    expectGatewayRefused(await t.subscribe('alice', t.cardOrder('annual', card)));
    expectGatewayRefused(
      await request('POST', '/api/payment/subscribe', {
        ...t.cardOrder('annual', card),
        gatewayMethod: 'newCard',
        gatewayData: { card: CARD },
        recaptchaToken: await t.solvedCaptcha(t.h.app, 'acme'),
      }),
    );
    expect((await t.gatewayCharges()).length).toBe(before);
    expect((await t.purchases('alice')).map((p) => p.bundle_id)).toEqual(['monthly']);
  });

  it('refuses a gift, a donation and an upgrade through it', async () => {
    expectGatewayRefused(
      await request('POST', '/api/payment/gift', {
        ...t.cardOrder('monthly', card),
        giftData: { name: 'Bob', email: 'bob@example.com', message: 'Enjoy!' },
      }),
    );
    expectGatewayRefused(
      await request('POST', '/api/donation/subscribe', {
        gateway: 'test',
        gatewayMethod: 'existingCard',
        gatewayData: { paymentMethod: card },
        amountCents: 2500,
        planType: 'single',
        billingAddress: BILLING,
        survey: [],
      }),
    );
    expectGatewayRefused(
      await request('POST', `/api/payment/purchases/${monthly}/upgrade-purchase`, { bundleId: 'annual' }),
    );
  });

  it('refuses its payment methods: list, add, default, remove, and a purchase’s method change', async () => {
    expectGatewayRefused(await request('GET', '/api/payment/method/get/test'));
    expectGatewayRefused(
      await request('POST', '/api/payment/method/create/test', {
        recaptchaToken: await t.solvedCaptcha(t.h.app, 'acme'),
        paymentMethod: CARD,
      }),
    );
    expectGatewayRefused(
      await request('PUT', `/api/payment/method/default/test/${card}`, { applyAllPurchases: true }),
    );
    expectGatewayRefused(await request('DELETE', `/api/payment/method/remove/test/${card}`));
    expectGatewayRefused(
      await request('PUT', `/api/payment/purchases/${monthly}/method`, {
        gateway: 'test',
        gatewayData: { paymentMethod: card },
      }),
    );
    const saved = await t.h.db
      .selectFrom('payment_methods')
      .selectAll()
      .where('user_id', '=', 'alice')
      .execute();
    expect(saved.map((m) => m.id)).toEqual([card]);
  });

  it('still takes a free order (the free gateway needs no enabling)', async () => {
    const res = await t.subscribe('alice', { gateway: 'free', resourceId: 'freebie' });
    expect(res.statusCode).toBe(201);
  });
});

describe('a purchase made through the test gateway before the site turned it off', () => {
  const monthlyRow = () =>
    t.h.db.selectFrom('purchases').selectAll().where('id', '=', monthly).executeTakeFirstOrThrow();
  it('is not renewed through it: at trial end it is suspended, and nothing is charged', async () => {
    const before = (await t.gatewayCharges()).length;
    const row = await monthlyRow();
    expect(row.status).toBe('trialing');
    t.clock.now = Date.parse(row.trial_ends_at!) + 1000;
    const renewals = renewalsNode(t.h.db, {
      now: () => t.clock.now,
      siteGateways: (site) => createSitesRepository(t.h.db).paymentGateways(site),
    });
    expect(await renewals.run()).toMatchObject({ renewed: 0, suspended: 1 });
    expect((await t.gatewayCharges()).length).toBe(before);
    const after = await monthlyRow();
    expect(after.status).toBe('suspended');
  });
});
