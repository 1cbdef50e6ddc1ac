import type { LightMyRequestResponse, RouteOptions } from 'fastify';
import { expect } from 'vitest';
import { buildApp } from '../../src/app';
import type { Insertable } from 'kysely';
import type { AppContext } from '../../src/context';
import type { BundlesTable, CouponsTable } from '../../src/db/schema';
import { newSiteRow } from '../../src/modules/sites/site-defaults';
import { newBundleRow } from '../../src/db/bundle-row';
import type { Db } from '../../src/db/database';
import { createEventBus, type EventEmitter } from '../../src/infra/event-bus';
import { createFreeGateway } from '../../src/modules/commerce/gateways/free-gateway';
import { createTestGateway, TEST_CARDS } from '../../src/modules/commerce/gateways/test-gateway';
import { createTestGatewayRepository } from '../../src/modules/commerce/gateways/test-gateway.repository';
import { createOffersRepository } from '../../src/modules/commerce/offers/offers.repository';
import { createPaymentMethodsRepository } from '../../src/modules/commerce/payment-methods/payment-methods.repository';
import { createRenewalsRepository } from '../../src/modules/commerce/renewals/renewals.repository';
import { createRenewals } from '../../src/modules/commerce/renewals/renewals.service';
import { solvedCaptcha } from '../auth/fixtures';
import { accountsHarness, bearer } from '../support/accounts';

export { TEST_CARDS };

export const bundleRow = newBundleRow;

export const couponRow = (site: string, code: string, over: Partial<Insertable<CouponsTable>> = {}) => ({
  site_uid: site,
  code,
  discount_kind: 'percent',
  discount_value: 20,
  billing_cycles: 'FIRST',
  bundle_ids: '[]',
  applies_to: 'any',
  expires_at: null,
  ...over,
});

/**
 * The gateways the commerce test sites take orders through: the embedded test gateway is off
 * unless a site enables it (decision 0036), so these sites enable it explicitly, with the
 * configured ones (stripe and paypal run only where a test configures them).
 */
export const PAYMENT_GATEWAYS = JSON.stringify(['test', 'stripe', 'paypal', 'paypal-sub']);

export const BILLING = {
  address1: '1 Main St',
  city: 'New York',
  state: 'NY',
  zip: '10001',
  countryCode: 'US',
};
export const CARD = {
  cardNumber: TEST_CARDS.success,
  firstName: 'Alice',
  lastName: 'Payer',
  month: 12,
  year: 2030,
  cardCode: '123',
  zip: '10001',
};

/**
 * Sites acme (defaults: oneTrialPerUser on, taxes off) and taxed (allowAvalara and oneActiveSub
 * on, with a tax table), users alice and bob on acme and carol on taxed, and the offers the tests
 * buy: monthly (7-day trial, upgrades to annual), annual, a 48 h rental, a shipped product, a
 * passcode pass, a free bundle, a disabled and a deleted one; coupons of every kind.
 */
export async function commerceHarness(
  opts: {
    env?: Record<string, string>;
    context?: Partial<AppContext>;
    onRoute?: (route: RouteOptions) => void;
    startAt?: number;
  } = {},
) {
  const a = await accountsHarness({
    startAt: opts.startAt,
    // Requests that name no site (GET /api/payment/gateways) are acme's.
    env: { DEFAULT_SITE: 'acme', ...opts.env },
    context: opts.context,
    onRoute: opts.onRoute,
    sites: [
      newSiteRow('acme', 'Acme TV', { payment_gateways: PAYMENT_GATEWAYS }),
      newSiteRow('taxed', 'Taxed TV', {
        perms: JSON.stringify({ allowAvalara: true, oneActiveSub: true }),
        payment_gateways: PAYMENT_GATEWAYS,
      }),
    ],
  });
  const { h } = a;
  await a.insertUser({ id: 'alice', site_uid: 'acme', email: 'alice@example.com' });
  await a.insertUser({ id: 'bob', site_uid: 'acme', email: 'bob@example.com' });
  await a.insertUser({ id: 'carol', site_uid: 'taxed', email: 'carol@example.com' });
  const rows: Insertable<BundlesTable>[] = [];
  for (const site of ['acme', 'taxed'])
    rows.push(
      bundleRow(site, 'monthly', {
        plan_type: 'month',
        recurring: 1,
        amount_cents: 799,
        trial_duration_days: 7,
        upgrades_to: '["annual"]',
        giftable: 1,
        position: 1,
      }),
      bundleRow(site, 'annual', { plan_type: 'year', recurring: 1, amount_cents: 7990, position: 2 }),
      bundleRow(site, 'rental', {
        type: 'RENTAL',
        plan_type: 'rental',
        amount_cents: 399,
        duration: 48,
        duration_unit: 'hours',
        video_uids: '["movie-1","movie-2"]',
      }),
      bundleRow(site, 'poster', { type: 'PRODUCT', amount_cents: 2500, requires_shipping_address: 1 }),
      bundleRow(site, 'vip', {
        plan_type: 'period',
        period_duration: 30,
        duration_unit: 'days',
        passcode: 'VIP-1',
        unlisted: 1,
        unlisted_description: 'For members given the link.',
        unlisted_redirect: '/pages/members',
      }),
      bundleRow(site, 'freebie', {
        type: 'CHANNELS',
        amount_cents: 0,
        channels: '["news"]',
        hide_channel_details: 1,
      }),
      bundleRow(site, 'noads', { type: 'DISABLE_ADS', plan_type: 'month', recurring: 1, amount_cents: 199 }),
      bundleRow(site, 'disabled', { enabled: 0 }),
      bundleRow(site, 'deleted', { is_deleted: 1 }),
    );
  await h.db.insertInto('bundles').values(rows).execute();
  await h.db
    .insertInto('coupons')
    .values([
      couponRow('acme', 'FIRST20', { bundle_ids: '["monthly","annual"]' }),
      couponRow('acme', 'ALL500', {
        discount_kind: 'amount',
        discount_value: 500,
        billing_cycles: 'ALL',
        bundle_ids: '["annual"]',
      }),
      couponRow('acme', 'FREEALL', { discount_value: 100, billing_cycles: 'ALL', bundle_ids: '["noads"]' }),
      couponRow('acme', 'FREEFIRST', {
        discount_value: 100,
        billing_cycles: 'FIRST',
        bundle_ids: '["noads"]',
      }),
      couponRow('acme', 'RENTONLY', { applies_to: 'rental' }),
      couponRow('acme', 'BUNDLEONLY', { applies_to: 'bundle' }),
      couponRow('acme', 'OLD', { expires_at: '2026-01-01T00:00:00.000Z' }),
    ])
    .execute();
  await h.db
    .insertInto('tax_rates')
    .values([
      { site_uid: 'taxed', country_code: 'US', state: 'NY', rate_bp: 888 },
      { site_uid: 'taxed', country_code: 'US', state: '', rate_bp: 500 },
    ])
    .execute();

  const tokens: Record<string, string> = {};
  /** Signs the users' access tokens at the clock's instant (they last 15 minutes: re-sign after moving it). */
  async function signTokens() {
    for (const id of ['alice', 'bob', 'carol'] as const)
      tokens[id] = await a.accessTokenFor({
        id,
        site: id === 'carol' ? 'taxed' : 'acme',
        email: `${id}@example.com`,
      });
  }
  await signTokens();
  const token = (id: 'alice' | 'bob' | 'carol') => tokens[id]!;
  const auth = (id: 'alice' | 'bob' | 'carol') => bearer(token(id));
  let keys = 0;
  const newKey = () => `key-${++keys}-${Math.random().toString(36).slice(2, 8)}`;

  /** POST /api/payment/subscribe as a user with an idempotency key (a fresh one unless given). */
  const subscribe = (
    who: 'alice' | 'bob' | 'carol',
    order: Record<string, unknown>,
    key: string | null = newKey(),
  ) =>
    h.app.inject({
      method: 'POST',
      url: '/api/payment/subscribe',
      headers: { ...auth(who), ...(key === null ? {} : { 'idempotency-key': key }) },
      payload: order,
    });

  /** Saves a card for a user through the API (solving the captcha); answers its id. */
  /** POST /api/payment/method/create/{gateway} as a user (solving the captcha): the response. */
  async function postCard(
    who: 'alice' | 'bob' | 'carol',
    gateway: string,
    cardNumber: string = TEST_CARDS.success,
  ) {
    const site = who === 'carol' ? 'taxed' : 'acme';
    return h.app.inject({
      method: 'POST',
      url: `/api/payment/method/create/${gateway}`,
      headers: auth(who),
      payload: { recaptchaToken: await solvedCaptcha(h.app, site), paymentMethod: { ...CARD, cardNumber } },
    });
  }

  /** Saves a card for a user through the API at the test gateway; answers its id. */
  async function addCard(who: 'alice' | 'bob' | 'carol', cardNumber: string = TEST_CARDS.success) {
    const res = await postCard(who, 'test', cardNumber);
    if (res.statusCode !== 201) throw new Error(`addCard answered ${res.statusCode}: ${res.body}`);
    return res.json().id as string;
  }

  /** A card order for a bundle with a saved card. */
  const cardOrder = (resourceId: string, paymentMethod: string, over: Record<string, unknown> = {}) => ({
    gateway: 'test',
    gatewayMethod: 'existingCard',
    gatewayData: { paymentMethod },
    resourceId,
    type: 'Bundle',
    billingAddress: BILLING,
    disclaimerAccepted: true,
    ...over,
  });

  const gatewayCharges = () => h.db.selectFrom('test_gateway_charges').selectAll().execute();
  const purchases = (userId: string) =>
    h.db.selectFrom('purchases').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();

  /** A restart of the server on the same database: the start-up pass runs reconcile and renewals. */
  async function restart() {
    const app = await buildApp({
      config: h.config,
      db: h.db,
      context: { now: () => a.clock.now },
      logger: false,
    });
    await app.ready();
    await app.close();
  }

  return {
    ...a,
    signTokens,
    token,
    auth,
    newKey,
    subscribe,
    postCard,
    addCard,
    cardOrder,
    gatewayCharges,
    purchases,
    restart,
    solvedCaptcha,
  };
}
export type CommerceHarness = Awaited<ReturnType<typeof commerceHarness>>;

/** A card decline as every card gateway answers it: 402 cardDeclined, the code in parentheses (§8). */
export function expectDeclined(res: LightMyRequestResponse, code: string) {
  expect(res.statusCode).toBe(402);
  expect(res.json().error).toMatchObject({
    code: 'cardDeclined',
    message: `Unexpected error processing your payment. Please try again (${code})`,
  });
}

/**
 * A renewal scheduler as one node runs it: its own gateway clients (test, free) over the shared
 * tables, telling `events` what it changed.
 */
export function renewalsNode(
  db: Db,
  opts: {
    now: () => number;
    siteGateways?: (siteUid: string) => Promise<string[]>;
    events?: EventEmitter;
    log?: { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
  },
) {
  return createRenewals({
    repo: createRenewalsRepository(db),
    offers: createOffersRepository(db),
    methods: createPaymentMethodsRepository(db),
    gateways: {
      test: createTestGateway(createTestGatewayRepository(db), opts.now),
      free: createFreeGateway(),
    },
    siteGateways: opts.siteGateways ?? (async () => ['test']),
    now: opts.now,
    events: opts.events ?? createEventBus(),
    log: opts.log ?? { warn: () => {}, error: () => {} },
  });
}
