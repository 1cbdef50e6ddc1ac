import { COMMERCE_MESSAGES } from '@marquee/domain';
import { createRolesRepository } from '../../src/modules/roles/roles.repository';
import { createRolesService } from '../../src/modules/roles/roles.service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mail } from '../../src/infra/mailer';
import { createEventBus } from '../../src/infra/event-bus';
import { createEntitlementsRepository } from '../../src/modules/entitlements/entitlements.repository';
import {
  createEntitlementsService,
  type EntitlementsService,
} from '../../src/modules/entitlements/entitlements.service';
import { assetRow, videoRow } from '../fixtures';
import { BILLING, bundleRow, CARD, commerceHarness, type CommerceHarness } from './fixtures';

// Gifts, redeeming, the tip jar, the upgrade endpoint, country codes and purchase links
// (decision 0033). Negative cases first, then the happy paths.
let t: CommerceHarness;
const mails: Mail[] = [];
let aliceCard: string;
let bobCard: string;
/** The app's entitlements service, built once the harness's database exists. */
let entitlements: EntitlementsService;
/** The app's bus, shared with that service (purchaseChanged clears its cache). */
const events = createEventBus();

beforeAll(async () => {
  t = await commerceHarness({
    context: {
      events,
      entitlements: new Proxy({} as EntitlementsService, {
        get: (_target, key) => entitlements[key as keyof EntitlementsService],
      }),
      mailer: {
        outboxDir: null,
        close: () => {},
        send: async (m) => void mails.push(m),
      },
    },
  });
  await t.h.db
    .insertInto('bundles')
    .values([
      bundleRow('acme', 'gift-pass', {
        type: 'ENTIRE_SITE',
        plan_type: 'period',
        period_duration: 30,
        duration_unit: 'days',
        amount_cents: 1500,
        giftable: 1,
      }),
    ])
    .execute();
  entitlements = createEntitlementsService({
    repo: createEntitlementsRepository(t.h.db),
    getUser: async () => undefined,
    roles: createRolesService(createRolesRepository(t.h.db)),
    events,
    now: () => t.clock.now,
  });
  // The tip jar of acme (taxed keeps the defaults); set before the sites cache is first read.
  await t.h.db
    .updateTable('sites')
    .set({ tip_jar: JSON.stringify({ enabled: true, survey: [{ q: 'Why?' }] }) })
    .where('uid', '=', 'acme')
    .execute();
  await t.h.db.insertInto('media_assets').values(assetRow('acme', 'a1')).execute();
  await t.h.db
    .insertInto('videos')
    .values([
      videoRow('acme', 'movie-1', { type: 'movie', access_type: 'paid', asset_id: 'a1' }),
      videoRow('acme', 'v-pre', { access_type: 'paid', asset_id: 'a1' }),
    ])
    .execute();
  aliceCard = await t.addCard('alice');
  bobCard = await t.addCard('bob');
});
afterAll(async () => {
  await t.h.close();
});

const post = (url: string, who: 'alice' | 'bob' | null, payload: unknown, key: string | null = t.newKey()) =>
  t.h.app.inject({
    method: 'POST',
    url,
    headers: { ...(who ? t.auth(who) : {}), ...(key === null ? {} : { 'idempotency-key': key }) },
    payload: payload as object,
  });
const get = (url: string, who: 'alice' | 'bob' | null = 'alice') =>
  t.h.app.inject({ url, headers: who ? t.auth(who) : {} });
const giftOrder = (over: Record<string, unknown> = {}) => ({
  ...t.cardOrder('monthly', aliceCard),
  giftData: { name: 'Bob', email: 'bob@example.com', message: 'Enjoy!' },
  ...over,
});

describe('login-only calls of decision 0033', () => {
  it.each([
    ['POST', '/api/payment/gift'],
    ['POST', '/api/payment/redeem-gift/p1'],
    ['POST', '/api/donation/subscribe'],
    ['GET', '/api/donation/subscriptions'],
    ['POST', '/api/payment/purchases/p1/upgrade-purchase'],
    ['GET', '/api/payment/subscriptionRequiresUpgrade/p1'],
  ])('%s %s answers 401 without a token', async (method, url) => {
    const res = await t.h.app.inject({
      method: method as 'GET',
      url,
      payload: method === 'GET' ? undefined : {},
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/payment/gift — refused', () => {
  it('400 without an Idempotency-Key', async () => {
    const res = await post('/api/payment/gift', 'alice', giftOrder(), null);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.field).toBe('Idempotency-Key');
  });

  it('400 "Please fill in all required fields" naming giftData.name / giftData.email', async () => {
    for (const [giftData, field] of [
      [undefined, 'giftData.name'],
      [{ name: ' ', email: 'bob@example.com' }, 'giftData.name'],
      [{ name: 'Bob', email: '' }, 'giftData.email'],
    ] as const) {
      const res = await post('/api/payment/gift', 'alice', giftOrder({ giftData }));
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ field, message: COMMERCE_MESSAGES.giftRequiredFields });
    }
  });

  it('400 for an invalid e-mail, and for the giver’s own e-mail with the spec’s message', async () => {
    let res = await post('/api/payment/gift', 'alice', giftOrder({ giftData: { name: 'B', email: 'nope' } }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.field).toBe('giftData.email');
    res = await post(
      '/api/payment/gift',
      'alice',
      giftOrder({ giftData: { name: 'Me', email: 'ALICE@example.com' } }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      field: 'giftData.email',
      message: "Gift recipient and giver can't have the same email address.",
    });
  });

  it('409 for a bundle that is not giftable, 404 for an unknown one; nothing charged', async () => {
    const before = (await t.gatewayCharges()).length;
    let res = await post('/api/payment/gift', 'alice', giftOrder({ resourceId: 'annual' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.field).toBe('resourceId');
    res = await post('/api/payment/gift', 'alice', giftOrder({ resourceId: 'nope' }));
    expect(res.statusCode).toBe(404);
    expect((await t.gatewayCharges()).length).toBe(before);
  });

  it('400 for a wallet gateway and for an upgrade', async () => {
    let res = await post('/api/payment/gift', 'alice', giftOrder({ upgradesPurchase: 'p1' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.field).toBe('upgradesPurchase');
    res = await post('/api/payment/gift', 'alice', giftOrder({ gateway: 'paypal' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.field).toBe('gateway');
  });
});

describe('gifts: buy, mail, redeem', () => {
  let giftId: string;
  let code: string;

  it('charges the giver once (one period, not recurring), gives the giver no access, mails the recipient', async () => {
    const key = t.newKey();
    const res = await post('/api/payment/gift', 'alice', giftOrder(), key);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.purchase).toMatchObject({
      isGift: true,
      giftRecipientEmail: 'bob@example.com',
      giftRedeemedAt: null,
      isRecurring: false,
      bundleId: 'monthly',
      status: 'active',
    });
    // No trial on a gift: the first period is charged now.
    expect(body.chargedCents).toBe(799);
    giftId = body.purchase.id;
    // A retry with the same key replays the answer and sends no second mail.
    const again = await post('/api/payment/gift', 'alice', giftOrder(), key);
    expect(again.json().purchase.id).toBe(giftId);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.to).toBe('bob@example.com');
    expect(mail.text).toContain('Enjoy!');
    const link = /(\S+\/redeem-gift\/\S+)/.exec(mail.text)![1]!;
    const url = new URL(link);
    expect(url.pathname).toBe(`/redeem-gift/${giftId}`);
    expect(url.searchParams.get('loginAs')).toBe('bob@example.com');
    code = url.searchParams.get('code')!;
    expect(code.length).toBeGreaterThan(20);
    // Stored hashed only.
    const row = await t.h.db
      .selectFrom('purchases')
      .selectAll()
      .where('id', '=', giftId)
      .executeTakeFirstOrThrow();
    expect(row.gift_code_hash).not.toContain(code);
    // The giver holds nothing.
    expect((await get('/api/payment/purchasedbundlesIds')).json().items).not.toContain('monthly');
    expect((await entitlements.forUser('acme', 'alice')).entireSite).toBe(false);
    // …and sees it among gifts, not among purchases.
    const gifted = (await get('/api/payment/giftedbundles?page=0')).json();
    expect(gifted.items.map((p: { id: string }) => p.id)).toContain(giftId);
    const mine = (await get('/api/payment/purchasedbundles')).json();
    expect(mine.items.map((p: { id: string }) => p.id)).not.toContain(giftId);
  });

  it('redeem refusals: 400 code missing or wrong, 404 unknown or not a gift, 409 for the giver', async () => {
    let res = await post(`/api/payment/redeem-gift/${giftId}`, 'bob', {}, null);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.field).toBe('code');
    res = await post(`/api/payment/redeem-gift/${giftId}`, 'bob', { code: 'wrong' }, null);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.field).toBe('code');
    res = await post('/api/payment/redeem-gift/nope', 'bob', { code }, null);
    expect(res.statusCode).toBe(404);
    // Bob's own ordinary purchase is not a gift: 404, never its data.
    const own = await t.subscribe('bob', t.cardOrder('noads', bobCard));
    expect(own.statusCode).toBe(201);
    res = await post(`/api/payment/redeem-gift/${own.json().purchase.id}`, 'alice', { code }, null);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('noads');
    res = await post(`/api/payment/redeem-gift/${giftId}`, 'alice', { code }, null);
    expect(res.statusCode).toBe(409);
  });

  it('the recipient redeems: their own purchase for one period, access granted at once; a second redeem is 409', async () => {
    // Warm bob's entitlements cache first: redeeming must invalidate it.
    expect((await entitlements.forUser('acme', 'bob')).entireSite).toBe(false);
    const res = await post(`/api/payment/redeem-gift/${giftId}`, 'bob', { code }, null);
    expect(res.statusCode).toBe(200);
    const { purchase } = res.json();
    expect(purchase).toMatchObject({
      bundleId: 'monthly',
      gateway: 'gift',
      isGift: false,
      isRecurring: false,
    });
    const month = Date.parse(purchase.availableTo) - Date.parse(purchase.availableFrom);
    expect(month).toBeGreaterThan(27 * 86_400_000);
    expect(month).toBeLessThan(32 * 86_400_000);
    expect((await entitlements.forUser('acme', 'bob')).entireSite).toBe(true);
    expect((await get('/api/payment/purchasedbundlesIds', 'bob')).json().items).toContain('monthly');
    // The giver still has nothing; the gift shows it was redeemed.
    expect((await entitlements.forUser('acme', 'alice')).entireSite).toBe(false);
    const gifted = (await get('/api/payment/giftedbundles')).json();
    expect(gifted.items.find((p: { id: string }) => p.id === giftId).giftRedeemedAt).not.toBeNull();
    const again = await post(`/api/payment/redeem-gift/${giftId}`, 'bob', { code }, null);
    expect(again.statusCode).toBe(409);
  });
});

describe('tip jar', () => {
  const donation = (over: Record<string, unknown> = {}) => ({
    gateway: 'test',
    gatewayMethod: 'existingCard',
    gatewayData: { paymentMethod: aliceCard },
    amountCents: 2500,
    planType: 'single',
    billingAddress: BILLING,
    survey: [{ q: 'Why?', a: 'Because' }],
    ...over,
  });

  it('GET tip-jar: defaults on a site without settings (off, 25, single and month); 404 unknown site', async () => {
    const res = await get('/v2/sites/taxed/tip-jar', null);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      enabled: false,
      options: [5, 10, 25, 50, 100],
      defaultOption: 25,
      plans: ['single', 'month'],
      survey: [],
    });
    expect((await get('/v2/sites/nope/tip-jar', null)).statusCode).toBe(404);
  });

  it('404 on a site whose jar is off', async () => {
    const res = await t.h.app.inject({
      method: 'POST',
      url: '/api/donation/subscribe',
      headers: { ...t.auth('carol'), 'idempotency-key': t.newKey() },
      payload: donation(),
    });
    expect(res.statusCode).toBe(404);
  });

  it('refusals: no key, amount below 100 cents, bad plan, a missing survey answer, no billing address', async () => {
    let res = await post('/api/donation/subscribe', 'alice', donation(), null);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.field).toBe('Idempotency-Key');
    res = await post('/api/donation/subscribe', 'alice', donation({ amountCents: 99 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.field).toContain('amountCents');
    res = await post('/api/donation/subscribe', 'alice', donation({ planType: 'year' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.field).toContain('planType');
    for (const survey of [undefined, [], [{ q: 'Why?', a: '  ' }]]) {
      res = await post('/api/donation/subscribe', 'alice', donation({ survey }));
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        field: 'survey',
        message: 'Please fill in the required information',
      });
    }
    res = await post('/api/donation/subscribe', 'alice', donation({ billingAddress: undefined }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.field).toBe('billingAddress');
  });

  it('a one-time and a monthly donation: purchases of type Donation, listed; the monthly one cancels', async () => {
    const tipJar = (await get('/v2/sites/acme/tip-jar', null)).json();
    expect(tipJar).toMatchObject({ enabled: true, survey: [{ q: 'Why?' }] });
    let res = await post('/api/donation/subscribe', 'alice', donation());
    expect(res.statusCode).toBe(201);
    expect(res.json().purchase).toMatchObject({ type: 'Donation', amountCents: 2500, isRecurring: false });
    expect(res.json().chargedCents).toBe(2500);
    res = await post('/api/donation/subscribe', 'alice', donation({ planType: 'month', amountCents: 500 }));
    expect(res.statusCode).toBe(201);
    const monthly = res.json().purchase;
    expect(monthly).toMatchObject({
      type: 'Donation',
      isRecurring: true,
      planType: 'month',
      nextPaymentCents: 500,
    });
    const list = (await get('/api/donation/subscriptions?page=0')).json();
    expect(list.total_items).toBe(2);
    expect(list.items[0].type).toBe('Donation');
    // Bob sees none of them.
    expect((await get('/api/donation/subscriptions', 'bob')).json().total_items).toBe(0);
    const cancel = await t.h.app.inject({
      method: 'POST',
      url: '/api/payment/unsubscribe',
      headers: t.auth('alice'),
      payload: { purchaseId: monthly.id },
    });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().status).toBe('canceled');
    // Donations never grant access.
    expect((await entitlements.forUser('acme', 'alice')).bundleIds).toEqual([]);
  });
});

describe('upgrade endpoint', () => {
  let monthlyId: string;

  it('refusals: 404 for another user’s purchase, 400 without a key', async () => {
    const bought = await t.subscribe('alice', t.cardOrder('monthly', aliceCard));
    expect(bought.statusCode).toBe(201);
    monthlyId = bought.json().purchase.id;
    let res = await post(`/api/payment/purchases/${monthlyId}/upgrade-purchase`, 'bob', {
      bundleId: 'annual',
    });
    expect(res.statusCode).toBe(404);
    res = await get(`/api/payment/subscriptionRequiresUpgrade/${monthlyId}`, 'bob');
    expect(res.statusCode).toBe(404);
    res = await post(
      `/api/payment/purchases/${monthlyId}/upgrade-purchase`,
      'alice',
      { bundleId: 'annual' },
      null,
    );
    expect(res.statusCode).toBe(400);
    res = await post(`/api/payment/purchases/${monthlyId}/upgrade-purchase`, 'alice', { bundleId: 'noads' });
    expect(res.statusCode).toBe(409);
  });

  it('subscriptionRequiresUpgrade lists the upgrade bundles not held; upgrading uses the saved card', async () => {
    let res = await get(`/api/payment/subscriptionRequiresUpgrade/${monthlyId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().requiresUpgrade).toBe(true);
    expect(res.json().bundles.map((b: { id: string }) => b.id)).toEqual(['annual']);
    res = await post(`/api/payment/purchases/${monthlyId}/upgrade-purchase`, 'alice', { bundleId: 'annual' });
    expect(res.statusCode).toBe(201);
    expect(res.json().purchase).toMatchObject({ bundleId: 'annual', previousPurchase: monthlyId });
    res = await get(`/api/payment/subscriptionRequiresUpgrade/${monthlyId}`);
    expect(res.json()).toEqual({ requiresUpgrade: false, bundles: [] });
  });
});

describe('GET /v2/country-codes', () => {
  it('every ISO country, CA US GB first then by name, flags, states for US and CA, cacheable', async () => {
    const res = await get('/v2/country-codes', null);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('max-age');
    const { items } = res.json() as { items: { c: string; n: string; f: string; states?: object }[] };
    expect(items).toHaveLength(249);
    expect(items.slice(0, 3).map((i) => i.c)).toEqual(['CA', 'US', 'GB']);
    expect(items[0]).toMatchObject({ n: 'Canada', f: '🇨🇦' });
    expect(items[1]!.states).toMatchObject({ NY: 'New York', CA: 'California' });
    expect(items[0]!.states).toMatchObject({ ON: 'Ontario', QC: 'Quebec' });
    const rest = items.slice(3).map((i) => i.n);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'en')));
    expect(new Set(items.map((i) => i.c)).size).toBe(249);
  });
});

describe('POST …/platform/{platform}/video/{id}/getPurchaseLink', () => {
  it('404 for an unknown video or site', async () => {
    let res = await post('/v2/sites/acme/platform/roku/video/nope/getPurchaseLink', null, {}, null);
    expect(res.statusCode).toBe(404);
    res = await post('/v2/sites/nope/platform/roku/video/movie-1/getPurchaseLink', null, {}, null);
    expect(res.statusCode).toBe(404);
  });

  it('links to the web subscribe page of the video with the platform', async () => {
    const res = await post('/v2/sites/acme/platform/roku/video/movie-1/getPurchaseLink', null, {}, null);
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json().link);
    expect(url.pathname).toBe('/subscribe/movie/movie-1');
    expect(url.searchParams.get('platform')).toBe('roku');
  });
});

describe('pre-orders and rentals at the clock', () => {
  it('a pre-order bundle grants its video only from its preorderDate; play-url answers isPreorder before', async () => {
    const release = t.clock.now + 3 * 86_400_000;
    await t.h.db
      .insertInto('bundles')
      .values(
        bundleRow('acme', 'pre-ppv', {
          type: 'PRODUCT',
          plan_type: 'single',
          amount_cents: 999,
          preorder_date: new Date(release).toISOString(),
          video_uids: '["v-pre"]',
        }),
      )
      .execute();
    // Dave holds nothing else (bob has a redeemed site-wide gift by now).
    await t.insertUser({ id: 'dave', site_uid: 'acme', email: 'dave@example.com' });
    const dave = async () => ({
      authorization: `Bearer ${await t.accessTokenFor({ id: 'dave', site: 'acme', email: 'dave@example.com' })}`,
    });
    const card = await t.h.app.inject({
      method: 'POST',
      url: '/api/payment/method/create/test',
      headers: await dave(),
      payload: { recaptchaToken: await t.solvedCaptcha(t.h.app, 'acme'), paymentMethod: CARD },
    });
    expect(card.statusCode).toBe(201);
    const res = await t.h.app.inject({
      method: 'POST',
      url: '/api/payment/subscribe',
      headers: { ...(await dave()), 'idempotency-key': t.newKey() },
      payload: t.cardOrder('pre-ppv', card.json().id),
    });
    expect(res.statusCode).toBe(201);
    expect((await entitlements.forUser('acme', 'dave')).videoUids).not.toContain('v-pre');
    const playUrl = async () =>
      (await t.h.app.inject({ url: '/v2/sites/acme/videos/v-pre/play-url', headers: await dave() })).json();
    expect(await playUrl()).toMatchObject({ url: null, isPreorder: true, bundleId: 'pre-ppv' });
    t.clock.now = release + 1000;
    // Same warm cache: the date is evaluated against the clock on every call.
    expect((await entitlements.forUser('acme', 'dave')).videoUids).toContain('v-pre');
    const after = await playUrl();
    expect(after.isPreorder).toBe(false);
    expect(after.url).toEqual(expect.stringContaining('master.m3u8'));
  });

  it('a rental ends at its availableTo even with a warm entitlements cache', async () => {
    await t.signTokens();
    const res = await t.subscribe(
      'alice',
      t.cardOrder('rental', aliceCard, { type: 'Rental', videoUid: 'movie-1' }),
    );
    expect(res.statusCode).toBe(201);
    const end = Date.parse(res.json().purchase.availableTo);
    t.clock.now = end - 1000;
    const warm = await entitlements.forUser('acme', 'alice');
    expect(warm.bundleIds.concat(warm.videoUids)).toEqual(expect.arrayContaining(['movie-1']));
    t.clock.now = end;
    const ended = await entitlements.forUser('acme', 'alice');
    expect(ended.bundleIds.concat(ended.videoUids)).not.toContain('movie-1');
    expect(ended.bundleIds).not.toContain('rental');
  });
});
