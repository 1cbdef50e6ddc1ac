import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCaptcha } from '../../src/modules/auth/captcha';
import { createCommerceModule } from '../../src/modules/commerce/commerce.module';
import { RENEWAL_LEASE_MS } from '../../src/modules/commerce/renewals/renewal-claims';
import type { AvalaraTransactionsApi } from '../../src/modules/commerce/offers/tax-provider';
import { createAvalaraTaxProvider } from '../../src/modules/commerce/offers/tax-provider';
import { createSitesRepository } from '../../src/modules/sites/sites.repository';
import { createSitesService } from '../../src/modules/sites/sites.service';
import { createEventBus } from '../../src/infra/event-bus';
import { createMemoryRateLimiter } from '../../src/infra/rate-limiter';
import { commerceHarness, TEST_CARDS, type CommerceHarness } from './fixtures';

let t: CommerceHarness;
beforeEach(async () => {
  t = await commerceHarness();
});
afterEach(async () => {
  await t.h.close();
});

/** The commerce module as the server wires it (renewals taxed by the site's provider). */
function commerceModule(avalara?: AvalaraTransactionsApi) {
  const now = () => t.clock.now;
  return createCommerceModule({
    db: t.h.db,
    sites: createSitesService(createSitesRepository(t.h.db), 'acme'),
    siteGateways: async () => ['test'],
    testGateway: true,
    captcha: createCaptcha({ config: t.h.config.captcha, limiter: createMemoryRateLimiter(now) }),
    now,
    log: pino({ level: 'silent' }),
    events: createEventBus(),
    mailer: { send: async () => {} },
    avalara: avalara ? createAvalaraTaxProvider(avalara, { companyCode: 'MARQUEE', now }) : undefined,
  });
}

/** carol (site taxed: allowAvalara, NY 8.88 %) or alice (site acme: no taxes) buys with a card. */
async function buy(who: 'carol' | 'alice', bundle: string, card: string = TEST_CARDS.success) {
  const method = await t.addCard(who, card);
  const res = await t.subscribe(who, t.cardOrder(bundle, method));
  expect(res.statusCode).toBe(201);
  return (await t.purchases(who)).at(-1)!;
}
const purchase = (id: string) =>
  t.h.db.selectFrom('purchases').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const charges = (purchaseId: string, prefix: 'rn_' | 'ra_') =>
  t.h.db
    .selectFrom('gateway_charges')
    .selectAll()
    .where('purchase_id', '=', purchaseId)
    .where('id', 'like', `${prefix}%`)
    .execute();
const atGateway = async (chargeId: string) =>
  (await t.gatewayCharges()).filter((c) => c.idempotency_key === chargeId);

describe('renewal taxes: no tax where none is due', () => {
  it('a site without allowAvalara adds no tax to a renewal', async () => {
    const p = await buy('alice', 'annual');
    t.clock.now = Date.parse(p.available_to!) + 1;
    expect(await commerceModule().renewals.run()).toMatchObject({ renewed: 1 });
    const [c] = await charges(p.id, 'rn_');
    expect(c).toMatchObject({ amount_cents: 7990, status: 'succeeded' });
    expect((await purchase(p.id)).taxes_amount_cents).toBe(0);
  });

  it('a purchase with no stored billing address is renewed without tax', async () => {
    const p = await buy('carol', 'annual');
    await t.h.db.updateTable('purchases').set({ billing_address: null }).where('id', '=', p.id).execute();
    t.clock.now = Date.parse(p.available_to!) + 1;
    expect(await commerceModule().renewals.run()).toMatchObject({ renewed: 1 });
    expect(await charges(p.id, 'rn_')).toEqual([expect.objectContaining({ amount_cents: 7990 })]);
    expect((await purchase(p.id)).taxes_amount_cents).toBe(0);
  });

  it('an incomplete or unreadable stored address is no address: no tax', async () => {
    const p = await buy('carol', 'annual');
    await t.h.db
      .updateTable('purchases')
      .set({ billing_address: '{"countryCode":"US","state":"NY"}' })
      .where('id', '=', p.id)
      .execute();
    t.clock.now = Date.parse(p.available_to!) + 1;
    expect(await commerceModule().renewals.run()).toMatchObject({ renewed: 1 });
    expect(await charges(p.id, 'rn_')).toEqual([expect.objectContaining({ amount_cents: 7990 })]);
  });
});

describe('renewal taxes', () => {
  it('with allowAvalara, the table tax on the stored address is added and recorded', async () => {
    const p = await buy('carol', 'annual');
    // Checkout taxed the first payment the same way: 7990 × 8.88 % = 709.5 → 710.
    expect(p.taxes_amount_cents).toBe(710);
    t.clock.now = Date.parse(p.available_to!) + 1;
    expect(await commerceModule().renewals.run()).toMatchObject({ renewed: 1 });
    const [c] = await charges(p.id, 'rn_');
    expect(c).toMatchObject({ amount_cents: 8700, status: 'succeeded' });
    expect(JSON.parse(c!.purchase_plan)).toMatchObject({
      name: 'Bundle annual',
      taxCents: 710,
      amountCents: 7990,
    });
    expect(await atGateway(c!.id)).toEqual([expect.objectContaining({ amount_cents: 8700 })]);
    expect(await purchase(p.id)).toMatchObject({
      taxes_amount_cents: 710,
      period_paid_cents: 7990,
      available_to: '2028-03-01T12:00:00.000Z',
    });
    // The billing history shows the renewal with its name and the taxed total.
    await t.signTokens();
    const history = await t.h.app.inject({ url: '/api/payment/billingHistory', headers: t.auth('carol') });
    expect(history.json().items).toContainEqual(
      expect.objectContaining({ id: c!.id, name: 'Bundle annual', amountCents: 8700 }),
    );
  });

  it('a retry after a crash charges the amount the claim stored, even if the rate changed', async () => {
    const p = await buy('carol', 'annual');
    await t.h.db.updateTable('test_gateway_methods').set({ behaviour: 'lost_response' }).execute();
    t.clock.now = Date.parse(p.available_to!) + 1;
    expect(await commerceModule().renewals.run()).toMatchObject({ pending: 1 });
    // The operator changes the rate meanwhile; the period's charge keeps what it claimed.
    await t.h.db.updateTable('tax_rates').set({ rate_bp: 1000 }).where('site_uid', '=', 'taxed').execute();
    t.clock.now += RENEWAL_LEASE_MS + 1;
    expect(await commerceModule().renewals.run()).toMatchObject({ renewed: 1 });
    const rows = await charges(p.id, 'rn_');
    expect(rows).toEqual([expect.objectContaining({ amount_cents: 8700, status: 'succeeded' })]);
    expect(await atGateway(rows[0]!.id)).toEqual([expect.objectContaining({ amount_cents: 8700 })]);
    expect((await purchase(p.id)).taxes_amount_cents).toBe(710);
  });

  it('the Avalara adapter, when configured, quotes the renewal on the stored address', async () => {
    const p = await buy('carol', 'annual');
    const calls: Parameters<AvalaraTransactionsApi['createTransaction']>[0][] = [];
    const avalara: AvalaraTransactionsApi = {
      async createTransaction(model) {
        calls.push(model);
        return { totalTax: 6.4 };
      },
    };
    t.clock.now = Date.parse(p.available_to!) + 1;
    expect(await commerceModule(avalara).renewals.run()).toMatchObject({ renewed: 1 });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      type: 'SalesOrder',
      commit: false,
      addresses: { singleLocation: { region: 'NY', country: 'US', postalCode: '10001' } },
      lines: [{ amount: 79.9 }],
    });
    expect(await charges(p.id, 'rn_')).toEqual([expect.objectContaining({ amount_cents: 8630 })]);
    expect((await purchase(p.id)).taxes_amount_cents).toBe(640);
  });

  it('a tax provider that fails leaves the purchase due (no charge, not suspended)', async () => {
    const p = await buy('carol', 'annual');
    const down: AvalaraTransactionsApi = {
      async createTransaction() {
        throw new Error('avalara unreachable');
      },
    };
    t.clock.now = Date.parse(p.available_to!) + 1;
    expect(await commerceModule(down).renewals.run()).toMatchObject({ renewed: 0, suspended: 0 });
    expect(await charges(p.id, 'rn_')).toEqual([]);
    expect((await purchase(p.id)).status).toBe('active');
    expect(await commerceModule().renewals.run()).toMatchObject({ renewed: 1 });
  });

  it('reactivating a suspended purchase on a new card charges the cycle plus its tax', async () => {
    // The monthly plan's trial ends on a declining card: suspended.
    const p = await buy('carol', 'monthly', TEST_CARDS.insufficientFunds);
    const m = commerceModule();
    t.clock.now = Date.parse(p.available_to!) + 1;
    expect(await m.renewals.run()).toMatchObject({ suspended: 1 });
    await t.signTokens();
    const good = await t.addCard('carol');
    await t.h.db.updateTable('purchases').set({ payment_method_id: good }).where('id', '=', p.id).execute();
    expect(await m.renewals.reactivate(p.id)).toEqual({ kind: 'reactivated' });
    // 799 × 8.88 % = 70.95 → 71.
    expect(await charges(p.id, 'ra_')).toEqual([
      expect.objectContaining({ amount_cents: 870, status: 'succeeded' }),
    ]);
    expect(await purchase(p.id)).toMatchObject({ status: 'active', taxes_amount_cents: 71 });
  });
});
