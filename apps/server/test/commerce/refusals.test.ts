import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commerceHarness, type CommerceHarness } from './fixtures';

// Negative cases first (modules README): every commerce endpoint refuses bad input with a 4xx naming
// the field, anonymous calls to login-only endpoints with 401, and never shows another user's data.
let t: CommerceHarness;
beforeAll(async () => {
  t = await commerceHarness();
});
afterAll(async () => {
  await t.h.close();
});

const LOGIN_ONLY: [string, string, unknown?][] = [
  ['GET', '/api/payment/nonpurchasedbundles'],
  ['GET', '/api/payment/nonpurchasedbundles/coupon/FIRST20'],
  ['GET', '/api/payment/purchasedbundles'],
  ['GET', '/api/payment/giftedbundles'],
  ['GET', '/api/payment/purchasedbundlesIds'],
  ['GET', '/v2/me/rentals'],
  ['GET', '/api/payment/purchases/p1'],
  ['GET', '/api/payment/purchases/p1/calculateProration?bundleId=annual'],
  ['PUT', '/api/payment/purchases/p1/method', { gateway: 'test' }],
  ['POST', '/api/payment/unsubscribe', { purchaseId: 'p1' }],
  ['GET', '/api/payment/billingHistory'],
  ['POST', '/api/payment/subscribe', { gateway: 'test', resourceId: 'monthly' }],
  ['GET', '/api/payment/method/get/test'],
  ['POST', '/api/payment/method/create/test', { recaptchaToken: 'x', paymentMethod: {} }],
  ['PUT', '/api/payment/method/default/test/m1', { applyAllPurchases: true }],
  ['DELETE', '/api/payment/method/remove/test/m1'],
];

describe('login-only commerce calls', () => {
  it.each(LOGIN_ONLY)('%s %s answers 401 without a token, before any 400', async (method, url, payload) => {
    const res = await t.h.app.inject({
      method: method as 'GET',
      url,
      ...(payload ? { payload: payload as object } : {}),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthorized');
  });
});

describe('catalogue refusals', () => {
  it('an unknown site is 404', async () => {
    for (const url of ['/v2/sites/nope/bundles', '/v2/sites/nope/rentals', '/v2/sites/nope/giftables'])
      expect((await t.h.app.inject({ url })).statusCode).toBe(404);
  });
  it('a bundle that is disabled, deleted or unknown is "Resource is not available for purchase at the moment"', async () => {
    for (const id of ['disabled', 'deleted', 'nope']) {
      const res = await t.h.app.inject({ url: `/api/bundle/get/${id}?__site=acme` });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('Resource is not available for purchase at the moment');
    }
  });
  it('a malformed bundle id is 400 naming id', async () => {
    const res = await t.h.app.inject({ url: '/api/bundle/get/a%20b?__site=acme' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.field).toBe('id');
  });
  it('apply-coupon: empty, unknown, expired, other bundle, other type', async () => {
    const apply = (id: string, couponCode: string) =>
      t.h.app.inject({
        method: 'POST',
        url: `/v2/sites/acme/bundles/${id}/apply-coupon`,
        payload: { couponCode },
      });
    const cases: [string, string, string][] = [
      ['monthly', '', 'Please fill in the required information'],
      ['monthly', 'NOPE', 'This promo code is not valid'],
      ['monthly', 'OLD', 'This promo code has expired'],
      ['monthly', 'ALL500', 'This promo code is not valid for this purchase'],
      ['rental', 'BUNDLEONLY', 'Coupon is not applicable to Rental'],
      ['monthly', 'RENTONLY', 'Coupon is not applicable to Bundle'],
    ];
    for (const [id, code, message] of cases) {
      const res = await apply(id, code);
      expect(res.statusCode, `${id} ${code}`).toBe(400);
      expect(res.json().error).toMatchObject({ field: 'couponCode', message });
    }
    expect((await apply('disabled', 'FIRST20')).statusCode).toBe(404);
  });
  it('rentals/coupon with an unknown coupon is 400 naming couponCode', async () => {
    const res = await t.h.app.inject({ url: '/v2/sites/acme/rentals/coupon/NOPE' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.field).toBe('couponCode');
  });
  it('taxes need every required address field', async () => {
    const res = await t.h.app.inject({
      method: 'POST',
      url: '/v2/sites/taxed/bundles/annual/taxes',
      payload: { address: { address1: '1 Main St', city: 'NYC', state: 'NY', countryCode: 'US' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      field: 'address.zip',
      message: 'Please fill in the required information',
    });
    const noAddress = await t.h.app.inject({
      method: 'POST',
      url: '/v2/sites/taxed/bundles/annual/taxes',
      payload: {},
    });
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.json().error.field).toBe('address');
  });
  it('paging parameters are checked', async () => {
    const res = await t.h.app.inject({
      url: '/api/payment/purchasedbundles?page=-1',
      headers: t.auth('alice'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.field).toBe('page');
  });
});

describe('checkout refusals', () => {
  it('"Idempotency-Key" is required, and must be sane', async () => {
    const res = await t.subscribe('alice', { gateway: 'test', resourceId: 'monthly' }, null);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'idempotencyKeyRequired', field: 'Idempotency-Key' });
    const bad = await t.subscribe('alice', { gateway: 'test', resourceId: 'monthly' }, 'x'.repeat(256));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.field).toBe('Idempotency-Key');
  });
  it('schema errors name the field', async () => {
    const noResource = await t.subscribe('alice', { gateway: 'test' });
    expect(noResource.statusCode).toBe(400);
    expect(noResource.json().error.field).toBe('resourceId');
    const badGateway = await t.subscribe('alice', { gateway: 'bitcoin', resourceId: 'monthly' });
    expect(badGateway.statusCode).toBe(400);
    expect(badGateway.json().error.field).toBe('gateway');
  });
  it('unavailable bundles, wrong type, gateways not running', async () => {
    for (const id of ['disabled', 'deleted', 'nope']) {
      const res = await t.subscribe('alice', { gateway: 'test', resourceId: id });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('Resource is not available for purchase at the moment');
    }
    const type = await t.subscribe('alice', { gateway: 'test', resourceId: 'rental', type: 'Bundle' });
    expect(type.statusCode).toBe(400);
    expect(type.json().error.field).toBe('type');
    const stripe = await t.subscribe('alice', t.cardOrder('annual', 'm1', { gateway: 'stripe' }));
    expect(stripe.statusCode).toBe(400);
    expect(stripe.json().error).toMatchObject({ code: 'gatewayUnavailable', field: 'gateway' });
    const free = await t.subscribe('alice', t.cardOrder('annual', 'm1', { gateway: 'free' }));
    expect(free.statusCode).toBe(400);
    expect(free.json().error.field).toBe('gateway');
  });
  it('the disclaimer is required for non-free recurring bundles', async () => {
    const res = await t.subscribe('alice', t.cardOrder('annual', 'm1', { disclaimerAccepted: false }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'disclaimerRequired', field: 'disclaimerAccepted' });
  });
  it('"With the card provider a billing address is mandatory ("Address is mandatory")"', async () => {
    const res = await t.subscribe('alice', t.cardOrder('annual', 'm1', { billingAddress: undefined }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ field: 'billingAddress', message: 'Address is mandatory' });
    const partial = await t.subscribe(
      'alice',
      t.cardOrder('annual', 'm1', {
        billingAddress: { address1: '1 Main St', city: 'NYC', countryCode: 'US', zip: '1' },
      }),
    );
    expect(partial.statusCode).toBe(400);
    expect(partial.json().error).toMatchObject({
      field: 'billingAddress.state',
      message: 'Please fill in the required information',
    });
  });
  it('shipping: shippingFullName, and "Select first a billing address."', async () => {
    const noName = await t.subscribe(
      'alice',
      t.cardOrder('poster', 'm1', { shippingAddress: { sameAsBilling: true } }),
    );
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error).toMatchObject({
      field: 'shippingFullName',
      message: 'Please fill in the required information',
    });
    const noZip = await t.subscribe(
      'alice',
      t.cardOrder('poster', 'm1', {
        shippingFullName: 'Alice',
        shippingAddress: { address1: 'x', city: 'y', state: 'z', countryCode: 'US' },
      }),
    );
    expect(noZip.statusCode).toBe(400);
    expect(noZip.json().error.field).toBe('shippingAddress.zip');
  });
  it('a passcode bundle needs its passcode', async () => {
    for (const passcode of [undefined, 'wrong']) {
      const res = await t.subscribe('alice', t.cardOrder('vip', 'm1', { passcode }));
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toMatchObject({ code: 'passcodeRequired', field: 'passcode' });
    }
  });
  it('coupon errors name couponCode', async () => {
    const res = await t.subscribe('alice', t.cardOrder('annual', 'm1', { couponCode: 'OLD' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ field: 'couponCode', message: 'This promo code has expired' });
  });
  it('a card order needs a card: another user’s or an unknown saved card is 404', async () => {
    const none = await t.subscribe('alice', { ...t.cardOrder('annual', 'm1'), gatewayData: {} });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.field).toBe('gatewayData.paymentMethod');
    const bobs = await t.addCard('bob');
    const res = await t.subscribe('alice', t.cardOrder('annual', bobs));
    expect(res.statusCode).toBe(404);
    expect(res.json().error.field).toBe('gatewayData.paymentMethod');
  });
  it('a new card is checked ("Card expiration date must be in the future.") and needs the captcha', async () => {
    const order = (card: object, recaptchaToken?: string) => ({
      ...t.cardOrder('annual', 'x'),
      gatewayMethod: 'newCard',
      gatewayData: { card },
      recaptchaToken,
    });
    const expired = await t.subscribe(
      'alice',
      order({
        cardNumber: '4242424242424242',
        firstName: 'A',
        lastName: 'B',
        month: 1,
        year: 2026,
        cardCode: '123',
        zip: '1',
      }),
    );
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error).toMatchObject({
      field: 'paymentMethod.month',
      message: 'Card expiration date must be in the future.',
    });
    const missing = await t.subscribe('alice', order({ cardNumber: '4242424242424242' }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('Please fill in the required information');
    const noCaptcha = await t.subscribe(
      'alice',
      order({
        cardNumber: '4242424242424242',
        firstName: 'A',
        lastName: 'B',
        month: 12,
        year: 2030,
        cardCode: '123',
        zip: '1',
      }),
    );
    expect(noCaptcha.statusCode).toBe(400);
    expect(noCaptcha.json().error.field).toBe('recaptchaToken');
    const badCaptcha = await t.subscribe(
      'alice',
      order(
        {
          cardNumber: '4242424242424242',
          firstName: 'A',
          lastName: 'B',
          month: 12,
          year: 2030,
          cardCode: '123',
          zip: '1',
        },
        'garbage',
      ),
    );
    expect(badCaptcha.statusCode).toBe(400);
    expect(badCaptcha.json().error.field).toBe('recaptchaToken');
  });
  it('gifts and donations are not this endpoint', async () => {
    const gift = await t.subscribe('alice', { ...t.cardOrder('annual', 'x'), isGift: true });
    expect(gift.statusCode).toBe(400);
    expect(gift.json().error.field).toBe('isGift');
  });
  it('an upgrade of someone else’s purchase is 404', async () => {
    const res = await t.subscribe(
      'alice',
      t.cardOrder('annual', 'x', { isUpgrade: true, upgradesPurchase: 'nope' }),
    );
    expect(res.statusCode).toBe(404);
    const missing = await t.subscribe('alice', t.cardOrder('annual', 'x', { isUpgrade: true }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.field).toBe('upgradesPurchase');
  });
});

describe('payment-method refusals', () => {
  it('unknown gateways are 400 naming gateway', async () => {
    const res = await t.h.app.inject({ url: '/api/payment/method/get/bitcoin', headers: t.auth('alice') });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.field).toBe('gateway');
    const stripe = await t.h.app.inject({ url: '/api/payment/method/get/stripe', headers: t.auth('alice') });
    expect(stripe.statusCode).toBe(400);
    expect(stripe.json().error.code).toBe('gatewayUnavailable');
  });
  it('create: card rules, the captcha (field recaptchaToken), gateway validation', async () => {
    const create = (paymentMethod: object, recaptchaToken = '', gateway = 'test') =>
      t.h.app.inject({
        method: 'POST',
        url: `/api/payment/method/create/${gateway}`,
        headers: t.auth('alice'),
        payload: { recaptchaToken, paymentMethod },
      });
    const base = {
      cardNumber: '4242424242424242',
      firstName: 'A',
      lastName: 'B',
      month: 12,
      year: 2030,
      cardCode: '123',
      zip: '1',
    };
    const digits = await create({ ...base, cardNumber: '4242-4242' });
    expect(digits.statusCode).toBe(400);
    expect(digits.json().error.field).toBe('paymentMethod.cardNumber');
    const code = await create({ ...base, cardCode: '12345' });
    expect(code.json().error.field).toBe('paymentMethod.cardCode');
    const noZip = await create({ ...base, zip: '' });
    expect(noZip.json().error).toMatchObject({
      field: 'paymentMethod.zip',
      message: 'Please fill in the required information',
    });
    const noCaptcha = await create(base);
    expect(noCaptcha.statusCode).toBe(400);
    expect(noCaptcha.json().error.field).toBe('recaptchaToken');
    const badCaptcha = await create(base, 'garbage');
    expect(badCaptcha.json().error.field).toBe('recaptchaToken');
    const free = await create(base, await t.solvedCaptcha(t.h.app, 'acme'), 'free');
    expect(free.statusCode).toBe(400);
    expect(free.json().error.field).toBe('gateway');
    const invalid = await create(
      { ...base, cardNumber: '4000000000000127' },
      await t.solvedCaptcha(t.h.app, 'acme'),
    );
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.message).toBe(
      'There was an error attempting to validate your payment information.',
    );
    const luhn = await create(
      { ...base, cardNumber: '4242424242424241' },
      await t.solvedCaptcha(t.h.app, 'acme'),
    );
    expect(luhn.json().error.message).toBe(
      'There was an error attempting to validate your payment information.',
    );
  });
  it("set default and delete answer 404 for unknown and other users' cards", async () => {
    const bobs = await t.addCard('bob');
    for (const id of ['nope', bobs]) {
      const put = await t.h.app.inject({
        method: 'PUT',
        url: `/api/payment/method/default/test/${id}`,
        headers: t.auth('alice'),
        payload: { applyAllPurchases: false },
      });
      expect(put.statusCode).toBe(404);
      const del = await t.h.app.inject({
        method: 'DELETE',
        url: `/api/payment/method/remove/test/${id}`,
        headers: t.auth('alice'),
      });
      expect(del.statusCode).toBe(404);
    }
    // Bob's card is untouched.
    const list = await t.h.app.inject({ url: '/api/payment/method/get/test', headers: t.auth('bob') });
    expect(list.json().items.map((m: { id: string }) => m.id)).toContain(bobs);
  });
  it('applyAllPurchases must be a boolean', async () => {
    const res = await t.h.app.inject({
      method: 'PUT',
      url: '/api/payment/method/default/test/m1',
      headers: t.auth('alice'),
      payload: { applyAllPurchases: 'yes' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.field).toBe('applyAllPurchases');
  });
});

describe('purchase refusals', () => {
  it('"There is no subscription selected for cancelling"', async () => {
    const res = await t.h.app.inject({
      method: 'POST',
      url: '/api/payment/unsubscribe',
      headers: t.auth('alice'),
      payload: {},
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      field: 'purchaseId',
      message: 'There is no subscription selected for cancelling',
    });
  });
  it('another user’s purchase id is 404 and never its data', async () => {
    const card = await t.addCard('bob');
    const bought = await t.subscribe('bob', t.cardOrder('annual', card));
    expect(bought.statusCode).toBe(201);
    const id = bought.json().purchase.id as string;
    const get = await t.h.app.inject({ url: `/api/payment/purchases/${id}`, headers: t.auth('alice') });
    expect(get.statusCode).toBe(404);
    expect(get.body).not.toContain('annual');
    const cancel = await t.h.app.inject({
      method: 'POST',
      url: '/api/payment/unsubscribe',
      headers: t.auth('alice'),
      payload: { purchaseId: id },
    });
    expect(cancel.statusCode).toBe(404);
    const upgrade = await t.subscribe('alice', t.cardOrder('annual', card, { upgradesPurchase: id }));
    expect(upgrade.statusCode).toBe(404);
    const proration = await t.h.app.inject({
      url: `/api/payment/purchases/${id}/calculateProration?bundleId=annual`,
      headers: t.auth('alice'),
    });
    expect(proration.statusCode).toBe(404);
    const noBundle = await t.h.app.inject({
      url: `/api/payment/purchases/${id}/calculateProration`,
      headers: t.auth('bob'),
    });
    expect(noBundle.statusCode).toBe(400);
    expect(noBundle.json().error.field).toBe('bundleId');
    // Bob's purchase is still active.
    const mine = await t.h.app.inject({ url: `/api/payment/purchases/${id}`, headers: t.auth('bob') });
    expect(mine.json().status).toBe('active');
  });
});
