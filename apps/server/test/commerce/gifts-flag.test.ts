import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commerceHarness, type CommerceHarness } from './fixtures';

// The allowGifts site flag (accounts-and-commerce §6, discovery-and-site §1): where a site turns
// it off, the server refuses buying and redeeming gifts, not only the web's hidden link.
let t: CommerceHarness;
let carolCard: string;

beforeAll(async () => {
  t = await commerceHarness();
  // Set before the sites cache is first read: taxed keeps its flags and turns gifts off.
  await t.h.db
    .updateTable('sites')
    .set({ perms: JSON.stringify({ allowAvalara: true, oneActiveSub: true, allowGifts: false }) })
    .where('uid', '=', 'taxed')
    .execute();
  carolCard = await t.addCard('carol');
});
afterAll(async () => {
  await t.h.close();
});

const giftOrder = () => ({
  ...t.cardOrder('monthly', carolCard),
  giftData: { name: 'Dan', email: 'dan@example.com' },
});

describe('allowGifts off', () => {
  it('POST /api/payment/gift answers 403 giftsDisabled and charges nothing', async () => {
    const before = (await t.gatewayCharges()).length;
    const res = await t.h.app.inject({
      method: 'POST',
      url: '/api/payment/gift',
      headers: { ...t.auth('carol'), 'idempotency-key': t.newKey() },
      payload: giftOrder(),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: 'giftsDisabled' });
    expect((await t.gatewayCharges()).length).toBe(before);
  });

  it('POST /api/payment/redeem-gift/{id} answers 403 giftsDisabled', async () => {
    const res = await t.h.app.inject({
      method: 'POST',
      url: '/api/payment/redeem-gift/p1',
      headers: t.auth('carol'),
      payload: { code: 'x'.repeat(32) },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: 'giftsDisabled' });
  });

  it('still 401 before anything without a token', async () => {
    const res = await t.h.app.inject({ method: 'POST', url: '/api/payment/gift', payload: {} });
    expect(res.statusCode).toBe(401);
  });
});

describe('allowGifts on (the default, acme)', () => {
  it('a gift is bought: 201', async () => {
    const card = await t.addCard('alice');
    const res = await t.h.app.inject({
      method: 'POST',
      url: '/api/payment/gift',
      headers: { ...t.auth('alice'), 'idempotency-key': t.newKey() },
      payload: { ...t.cardOrder('monthly', card), giftData: { name: 'Bob', email: 'bob@example.com' } },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().purchase.isGift).toBe(true);
  });
});
