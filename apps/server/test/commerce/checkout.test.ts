import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DAY } from '../support/accounts';
import { BILLING, commerceHarness, TEST_CARDS, type CommerceHarness } from './fixtures';

let t: CommerceHarness;
beforeEach(async () => {
  t = await commerceHarness();
});
afterEach(async () => {
  await t.h.close();
});

describe('catalogue', () => {
  it('lists sellable, listed bundles (no rentals) in order; rentals apart with availableTo', async () => {
    const bundles = (await t.h.app.inject({ url: '/v2/sites/acme/bundles' })).json().items;
    expect(bundles.map((b: { id: string }) => b.id)).toEqual([
      'freebie',
      'noads',
      'poster',
      'monthly',
      'annual',
    ]);
    const monthly = bundles.find((b: { id: string }) => b.id === 'monthly');
    expect(monthly).toMatchObject({
      _id: 'monthly',
      amount: 7.99,
      amountCents: 799,
      recurring: true,
      trialPeriod: true,
      trialDuration: 7,
      trialDurationUnit: 'days',
      upgradesToBundles: ['annual'],
      giftable: true,
      activeForUser: false,
      discount: null,
    });
    const rentals = (await t.h.app.inject({ url: '/v2/sites/acme/rentals' })).json().items;
    expect(rentals).toEqual([
      expect.objectContaining({
        id: 'rental',
        amountCents: 399,
        duration: 48,
        durationUnit: 'hours',
        availableTo: '2026-03-03T12:00:00.000Z',
      }),
    ]);
    const giftables = (await t.h.app.inject({ url: '/v2/sites/acme/giftables' })).json().items;
    expect(giftables.map((b: { id: string }) => b.id)).toEqual(['monthly']);
  });

  it('an unlisted bundle is reached by id, and its passcode is never sent', async () => {
    const res = await t.h.app.inject({ url: '/api/bundle/get/vip?__site=acme' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: 'vip', unlisted: true, passcode: true });
    expect(res.body).not.toContain('VIP-1');
  });

  it('a bundle carries hideChannelDetails, unlistedDescription and unlistedRedirect as stored (§3)', async () => {
    const get = async (id: string) =>
      (await t.h.app.inject({ url: `/api/bundle/get/${id}?__site=acme` })).json();
    expect(await get('vip')).toMatchObject({
      hideChannelDetails: false,
      unlistedDescription: 'For members given the link.',
      unlistedRedirect: '/pages/members',
    });
    expect(await get('freebie')).toMatchObject({
      channels: ['news'],
      hideChannelDetails: true,
      unlistedDescription: null,
      unlistedRedirect: null,
    });
  });

  it('apply-coupon: FIRST and ALL discounts, "Promo Code Applied"', async () => {
    const apply = (id: string, couponCode: string) =>
      t.h.app.inject({
        method: 'POST',
        url: `/v2/sites/acme/bundles/${id}/apply-coupon`,
        payload: { couponCode },
      });
    const first = (await apply('monthly', 'first20')).json();
    expect(first.message).toBe('Promo Code Applied');
    expect(first.bundle.discount).toEqual({
      couponCode: 'FIRST20',
      discountedPrice: 6.39,
      discountedPriceCents: 639,
      discountedBillingCycles: 'FIRST',
    });
    const all = (await apply('annual', 'ALL500')).json();
    expect(all.bundle.discount).toMatchObject({ discountedPriceCents: 7490, discountedBillingCycles: 'ALL' });
  });

  it('rentals/coupon applies a rental coupon; the coupon list for bundles leaves others undiscounted', async () => {
    const rentals = (await t.h.app.inject({ url: '/v2/sites/acme/rentals/coupon/RENTONLY' })).json().items;
    expect(rentals[0].discount).toMatchObject({ discountedPriceCents: 319 });
    const list = (
      await t.h.app.inject({
        url: '/api/payment/nonpurchasedbundles/coupon/FIRST20',
        headers: t.auth('alice'),
      })
    ).json().items;
    expect(list.find((b: { id: string }) => b.id === 'monthly').discount.discountedPriceCents).toBe(639);
    expect(list.find((b: { id: string }) => b.id === 'poster').discount).toBeNull();
  });

  it('taxes: none without allowAvalara; the state rate, then the country rate, with allowAvalara', async () => {
    const tax = (site: string, state: string) =>
      t.h.app.inject({
        method: 'POST',
        url: `/v2/sites/${site}/bundles/annual/taxes`,
        payload: { address: { ...BILLING, state }, couponCode: undefined },
      });
    expect((await tax('acme', 'NY')).json()).toMatchObject({ taxesAmountCents: 0, provider: 'none' });
    expect((await tax('taxed', 'NY')).json()).toEqual({
      taxesAmount: 7.1,
      taxesAmountCents: 710, // 7990 × 8.88 % = 709.5 → 710
      rateBp: 888,
      provider: 'table',
      subtotalCents: 7990,
      totalCents: 8700,
    });
    expect((await tax('taxed', 'TX')).json()).toMatchObject({ taxesAmountCents: 400, rateBp: 500 });
  });
});

describe('checkout', () => {
  it('a trial: nothing charged now, status trialing until the trial ends; the card is kept for renewal', async () => {
    const card = await t.addCard('alice');
    const res = await t.subscribe('alice', t.cardOrder('monthly', card));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ success: true, chargedCents: 0, taxesCents: 0 });
    expect(body.purchase).toMatchObject({
      status: 'trialing',
      bundleId: 'monthly',
      gateway: 'test',
      isRecurring: true,
      trialEndsAt: '2026-03-08T12:00:00.000Z',
      availableTo: '2026-03-08T12:00:00.000Z',
      nextPaymentCents: 799,
      statusHistory: [{ status: 'trialing', timestamp: '2026-03-01T12:00:00.000Z' }],
    });
    expect(await t.gatewayCharges()).toEqual([]);
    const [row] = await t.purchases('alice');
    expect(row!.payment_method_id).toBe(card);
  });

  it('"oneTrialPerUser": a second trial on the site is not given; the first payment is charged', async () => {
    const card = await t.addCard('alice');
    const first = (await t.subscribe('alice', t.cardOrder('monthly', card))).json().purchase;
    await t.h.app.inject({
      method: 'POST',
      url: '/api/payment/unsubscribe',
      headers: t.auth('alice'),
      payload: { purchaseId: first.id },
    });
    const again = await t.subscribe('alice', t.cardOrder('monthly', card, { couponCode: 'FIRST20' }));
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({
      chargedCents: 639,
      purchase: { status: 'active', trialEndsAt: null },
    });
    // FIRST: the first cycle only is discounted.
    expect(again.json().purchase.nextPaymentCents).toBe(799);
    expect((await t.gatewayCharges()).map((c) => c.amount_cents)).toEqual([639]);
  });

  it('ALL discounts every cycle; the charge is the discounted price', async () => {
    const card = await t.addCard('alice');
    const res = await t.subscribe('alice', t.cardOrder('annual', card, { couponCode: 'ALL500' }));
    expect(res.json()).toMatchObject({
      chargedCents: 7490,
      purchase: {
        amountCents: 7490,
        originalAmountCents: 7990,
        couponCode: 'ALL500',
        discountedBillingCycles: 'ALL',
        nextPaymentCents: 7490,
      },
    });
  });

  it('"The free gateway is set when the amount is zero or a coupon makes it free": no card, no disclaimer', async () => {
    const free = await t.subscribe('alice', { gateway: 'test', resourceId: 'freebie' });
    expect(free.statusCode).toBe(201);
    expect(free.json()).toMatchObject({ chargedCents: 0, purchase: { gateway: 'free', status: 'active' } });
    const coupon = await t.subscribe('alice', {
      gateway: 'free',
      resourceId: 'noads',
      couponCode: 'FREEALL',
    });
    expect(coupon.statusCode).toBe(201);
    expect(coupon.json().purchase).toMatchObject({
      gateway: 'free',
      nextPaymentCents: 0,
      discountedBillingCycles: 'ALL',
    });
    expect(await t.gatewayCharges()).toEqual([]);
  });

  it('100 % off the FIRST cycle of a recurring bundle is not free: a card and the disclaimer are needed', async () => {
    const res = await t.subscribe('alice', {
      gateway: 'test',
      resourceId: 'noads',
      couponCode: 'FREEFIRST',
      billingAddress: BILLING,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.field).toBe('disclaimerAccepted');
    const card = await t.addCard('alice');
    const ok = await t.subscribe('alice', t.cardOrder('noads', card, { couponCode: 'FREEFIRST' }));
    expect(ok.json()).toMatchObject({
      chargedCents: 0,
      purchase: { gateway: 'test', nextPaymentCents: 199 },
    });
  });

  it('"You already have access to this event"', async () => {
    const card = await t.addCard('alice');
    expect((await t.subscribe('alice', t.cardOrder('annual', card))).statusCode).toBe(201);
    const again = await t.subscribe('alice', t.cardOrder('annual', card));
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'alreadyHaveAccess',
      message: 'You already have access to this event',
    });
    const ids = await t.h.app.inject({ url: '/api/payment/purchasedbundlesIds', headers: t.auth('alice') });
    expect(ids.json().items).toEqual(['annual']);
    const listed = (await t.h.app.inject({ url: '/v2/sites/acme/bundles', headers: t.auth('alice') })).json()
      .items;
    expect(listed.find((b: { id: string }) => b.id === 'annual').activeForUser).toBe(true);
    const non = (
      await t.h.app.inject({ url: '/api/payment/nonpurchasedbundles', headers: t.auth('alice') })
    ).json().items;
    expect(non.map((b: { id: string }) => b.id)).not.toContain('annual');
  });

  it('oneActiveSub: a second recurring bundle is refused; tax is charged with allowAvalara', async () => {
    const card = await t.addCard('carol');
    const first = await t.subscribe('carol', t.cardOrder('annual', card));
    expect(first.statusCode).toBe(201);
    // NY 8.88 % of 79.90 = 7.10
    expect(first.json()).toMatchObject({
      chargedCents: 8700,
      taxesCents: 710,
      purchase: { taxesAmountCents: 710 },
    });
    const second = await t.subscribe('carol', t.cardOrder('noads', card));
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('oneActiveSub');
    // A one-time product is not a subscription.
    const product = await t.subscribe(
      'carol',
      t.cardOrder('poster', card, { shippingFullName: 'Carol', shippingAddress: { sameAsBilling: true } }),
    );
    expect(product.statusCode).toBe(201);
    expect(product.json().purchase).toMatchObject({
      shippingFullName: 'Carol',
      shippingAddress: expect.objectContaining({ city: 'New York' }),
    });
  });

  it('a rental lasts its duration and records the video; a passcode bundle sells with its passcode', async () => {
    const card = await t.addCard('alice');
    const rent = await t.subscribe(
      'alice',
      t.cardOrder('rental', card, { type: 'Rental', videoUid: 'movie-1' }),
    );
    expect(rent.statusCode).toBe(201);
    expect(rent.json().purchase).toMatchObject({
      type: 'RENTAL',
      availableTo: '2026-03-03T12:00:00.000Z',
      accessInfo: { contentType: 'video', contentUid: 'movie-1' },
    });
    const other = await t.subscribe(
      'alice',
      t.cardOrder('rental', card, { type: 'Rental', videoUid: 'movie-9' }),
    );
    expect(other.statusCode).toBe(400);
    expect(other.json().error.field).toBe('videoUid');
    const vip = await t.subscribe('alice', t.cardOrder('vip', card, { passcode: 'VIP-1' }));
    expect(vip.statusCode).toBe(201);
    expect(vip.json().purchase.availableTo).toBe('2026-03-31T12:00:00.000Z');
  });

  it('a declined card: "decline code … appended in parentheses", no purchase, in the billing history', async () => {
    const card = await t.addCard('alice', TEST_CARDS.insufficientFunds);
    const res = await t.subscribe('alice', t.cardOrder('annual', card));
    expect(res.statusCode).toBe(402);
    expect(res.json().error).toMatchObject({
      code: 'cardDeclined',
      message: 'Unexpected error processing your payment. Please try again (insufficient_funds)',
    });
    expect(await t.purchases('alice')).toEqual([]);
    const history = (
      await t.h.app.inject({ url: '/api/payment/billingHistory', headers: t.auth('alice') })
    ).json();
    expect(history.items).toEqual([
      expect.objectContaining({ status: 'declined', declineCode: 'insufficient_funds', amountCents: 7990 }),
    ]);
  });

  it('a new card in the order is checked, saved and charged', async () => {
    const res = await t.subscribe('alice', {
      ...t.cardOrder('annual', 'x'),
      gatewayMethod: 'newCard',
      gatewayData: {
        card: {
          cardNumber: TEST_CARDS.successMastercard,
          firstName: 'A',
          lastName: 'P',
          month: 1,
          year: 2031,
          cardCode: '999',
          zip: '1',
        },
      },
      recaptchaToken: await t.solvedCaptcha(t.h.app, 'acme'),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().purchase.gatewayMethod).toBe('newCard');
    const methods = (
      await t.h.app.inject({ url: '/api/payment/method/get/test', headers: t.auth('alice') })
    ).json().items;
    expect(methods).toEqual([
      expect.objectContaining({ last4: '4444', cardType: 'MasterCard', isDefault: true }),
    ]);
  });

  it('upgrade monthly → annual: unused time credited to the first payment only; the old purchase is replaced', async () => {
    const card = await t.addCard('bob');
    // Bob had a trial before, so monthly is paid at once.
    await t.h.db
      .insertInto('purchases')
      .values({
        id: 'old-trial',
        site_uid: 'acme',
        user_id: 'bob',
        name: 'old',
        type: 'ENTIRE_SITE',
        status: 'canceled',
        gateway: 'test',
        currency: 'USD',
        amount_cents: 0,
        taxes_amount_cents: 0,
        is_recurring: 1,
        description: '',
        status_history: '[]',
        cancel_subscription_in_progress: 0,
        is_gift: 0,
        trial_ends_at: '2025-01-08T00:00:00.000Z',
        created_at: '2025-01-01T00:00:00.000Z',
        updated_at: '2025-01-01T00:00:00.000Z',
      })
      .execute();
    const monthly = (await t.subscribe('bob', t.cardOrder('monthly', card))).json();
    expect(monthly.chargedCents).toBe(799);
    // 10 days into a 31-day March period: 21 days unused = 799 × 21/31 = 541.2 → 541.
    t.clock.now += 10 * DAY;
    await t.signTokens();
    const proration = await t.h.app.inject({
      url: `/api/payment/purchases/${monthly.purchase.id}/calculateProration?bundleId=annual`,
      headers: t.auth('bob'),
    });
    expect(proration.json()).toEqual({
      bundleId: 'annual',
      unusedTime: 5.41,
      unusedTimeCents: 541,
      firstPaymentCents: 7990 - 541,
      laterPaymentsCents: 7990,
    });
    const notAnUpgrade = await t.h.app.inject({
      url: `/api/payment/purchases/${monthly.purchase.id}/calculateProration?bundleId=noads`,
      headers: t.auth('bob'),
    });
    expect(notAnUpgrade.statusCode).toBe(409);
    const up = await t.subscribe(
      'bob',
      t.cardOrder('annual', card, { isUpgrade: true, upgradesPurchase: monthly.purchase.id }),
    );
    expect(up.statusCode).toBe(201);
    expect(up.json()).toMatchObject({ prorationCents: 541, chargedCents: 7990 - 541 });
    expect(up.json().purchase).toMatchObject({
      previousPurchase: monthly.purchase.id,
      nextPaymentCents: 7990,
      status: 'active',
    });
    const old = (
      await t.h.app.inject({ url: `/api/payment/purchases/${monthly.purchase.id}`, headers: t.auth('bob') })
    ).json();
    expect(old.status).toBe('canceled');
    // "Purchases replaced by a later purchase (previousPurchase) are hidden."
    const page = (
      await t.h.app.inject({ url: '/api/payment/purchasedbundles', headers: t.auth('bob') })
    ).json();
    expect(page.items.map((p: { id: string }) => p.id)).not.toContain(monthly.purchase.id);
    // Upgrading again from the replaced purchase is refused.
    const again = await t.subscribe(
      'bob',
      t.cardOrder('annual', card, { upgradesPurchase: monthly.purchase.id }),
    );
    expect(again.statusCode).toBe(409);
  });
});

describe('money is safe', () => {
  it('a retried checkout with the same key charges once and answers the first result', async () => {
    const card = await t.addCard('alice');
    const order = t.cardOrder('annual', card);
    const key = t.newKey();
    const first = await t.subscribe('alice', order, key);
    const second = await t.subscribe('alice', order, key);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(await t.gatewayCharges()).toHaveLength(1);
    expect(await t.purchases('alice')).toHaveLength(1);
  });

  it('concurrent identical requests charge once (the others wait their turn or replay)', async () => {
    const card = await t.addCard('alice');
    const order = t.cardOrder('annual', card);
    const key = t.newKey();
    const answers = await Promise.all(Array.from({ length: 5 }, () => t.subscribe('alice', order, key)));
    for (const a of answers) expect([201, 409]).toContain(a.statusCode);
    expect(answers.filter((a) => a.statusCode === 201).length).toBeGreaterThanOrEqual(1);
    for (const a of answers.filter((x) => x.statusCode === 409))
      expect(a.json().error.code).toBe('requestInProgress');
    expect(await t.gatewayCharges()).toHaveLength(1);
    expect(await t.purchases('alice')).toHaveLength(1);
  });

  it('a declined first result is replayed; a key reused for another body is refused', async () => {
    const card = await t.addCard('alice', TEST_CARDS.declined);
    const key = t.newKey();
    const first = await t.subscribe('alice', t.cardOrder('annual', card), key);
    expect(first.statusCode).toBe(402);
    expect(first.json().error.message).toBe(
      'Unexpected error processing your payment. Please try again (card_declined)',
    );
    const again = await t.subscribe('alice', t.cardOrder('annual', card), key);
    expect(again.statusCode).toBe(402);
    expect(again.json()).toEqual(first.json());
    expect(await t.gatewayCharges()).toHaveLength(1);
    const other = await t.subscribe('alice', t.cardOrder('noads', card), key);
    expect(other.statusCode).toBe(409);
    expect(other.json().error).toMatchObject({ code: 'idempotencyKeyReused', field: 'Idempotency-Key' });
  });

  it('concurrent checkouts of one bundle with different keys buy it once', async () => {
    const card = await t.addCard('alice');
    const order = t.cardOrder('annual', card);
    const answers = await Promise.all(Array.from({ length: 4 }, () => t.subscribe('alice', order)));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    for (const a of answers.filter((x) => x.statusCode !== 201)) {
      expect(a.statusCode).toBe(409);
      expect(['checkoutInProgress', 'alreadyHaveAccess']).toContain(a.json().error.code);
    }
    expect(await t.gatewayCharges()).toHaveLength(1);
    expect(await t.purchases('alice')).toHaveLength(1);
  });

  it('keys are per user: the same key from two users makes two purchases', async () => {
    const [a, b] = [await t.addCard('alice'), await t.addCard('bob')];
    expect((await t.subscribe('alice', t.cardOrder('annual', a), 'shared')).statusCode).toBe(201);
    expect((await t.subscribe('bob', t.cardOrder('annual', b), 'shared')).statusCode).toBe(201);
    expect(await t.gatewayCharges()).toHaveLength(2);
  });
});
