import { COMMERCE_MESSAGES } from '@marquee/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BILLING, commerceHarness, type CommerceHarness } from './fixtures';

// Saved addresses (accounts-and-commerce §3 Address, §5, §7, §8; decision 0055): the addresses on
// the viewer's purchases, listed once each, with the purchases a change would touch.
let t: CommerceHarness;
beforeEach(async () => {
  t = await commerceHarness();
});
afterEach(async () => {
  await t.h.close();
});

type Who = 'alice' | 'bob' | 'carol';
const list = (who: Who) => t.h.app.inject({ url: '/v2/me/addresses', headers: t.auth(who) });
const affected = (who: Who, id: string) =>
  t.h.app.inject({ url: `/v2/me/addresses-affected/${id}`, headers: t.auth(who) });
const update = (who: Who | null, payload: unknown) =>
  t.h.app.inject({
    method: 'PATCH',
    url: '/v2/me/addresses/update-address',
    headers: who ? t.auth(who) : {},
    payload: payload as Record<string, unknown>,
  });
const SHIP = { address1: '9 Dock Rd', city: 'Boston', state: 'MA', zip: '02110', countryCode: 'us' };

/** Alice holds monthly (billed to BILLING) and a poster shipped to SHIP; answers their ids. */
async function aliceBuys() {
  const card = await t.addCard('alice');
  const monthly = await t.subscribe('alice', t.cardOrder('monthly', card));
  const poster = await t.subscribe(
    'alice',
    t.cardOrder('poster', card, { shippingFullName: 'Alice', shippingAddress: SHIP }),
  );
  expect([monthly.statusCode, poster.statusCode]).toEqual([201, 201]);
  return { monthly: monthly.json().purchase.id as string, poster: poster.json().purchase.id as string };
}
const addressesOf = async (who: Who) => {
  const res = await list(who);
  expect(res.statusCode).toBe(200);
  return res.json().items as { _id: string; address1: string; city: string }[];
};

describe('refusals', () => {
  it('401 without a sign-in on every call', async () => {
    expect((await t.h.app.inject({ url: '/v2/me/addresses' })).statusCode).toBe(401);
    expect((await t.h.app.inject({ url: '/v2/me/addresses-affected/abc' })).statusCode).toBe(401);
    expect((await update(null, {})).statusCode).toBe(401);
  });

  it('400 naming each missing required field, with the §5 message', async () => {
    await aliceBuys();
    const [billing] = await addressesOf('alice');
    for (const field of ['address1', 'city', 'state', 'countryCode', 'zip'] as const) {
      const res = await update('alice', { address: { ...BILLING, _id: billing!._id, [field]: ' ' } });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().error).toMatchObject({
        field: `address.${field}`,
        message: COMMERCE_MESSAGES.requiredInformation,
      });
    }
    const noId = await update('alice', { address: BILLING });
    expect(noId.statusCode).toBe(400);
    expect(noId.json().error.field).toBe('address._id');
    const badField = await update('alice', { address: { ...BILLING, _id: billing!._id }, field: 'gift' });
    expect(badField.statusCode).toBe(400);
    expect(badField.json().error.field).toBe('field');
  });

  it("404 for another viewer's address id, on another site too: nothing of theirs shows or changes", async () => {
    await aliceBuys();
    const [aliceAddress] = await addressesOf('alice');
    expect(await addressesOf('bob')).toEqual([]);
    for (const who of ['bob', 'carol'] as const) {
      expect((await affected(who, aliceAddress!._id)).statusCode).toBe(404);
      const res = await update(who, { address: { ...BILLING, _id: aliceAddress!._id, city: 'Hijacked' } });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('Address not found');
    }
    expect((await affected('alice', 'no-such-address')).statusCode).toBe(404);
    const rows = await t.purchases('alice');
    expect(rows.map((r) => r.billing_address).join()).not.toContain('Hijacked');
  });

  it('404 for a purchaseId or field that does not hold the address', async () => {
    const { poster } = await aliceBuys();
    const billing = (await addressesOf('alice')).find((a) => a.address1 === BILLING.address1)!;
    const res = await update('alice', {
      address: { ...BILLING, _id: billing._id },
      purchaseId: poster,
      field: 'shippingAddress',
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('saved addresses', () => {
  it('lists each address once with the §3 fields, and the purchases in force that use it', async () => {
    const { monthly, poster } = await aliceBuys();
    const items = await addressesOf('alice');
    expect(items).toHaveLength(2);
    const ship = items.find((a) => a.address1 === SHIP.address1)!;
    expect(ship).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      address1: '9 Dock Rd',
      address2: null,
      city: 'Boston',
      state: 'MA',
      zip: '02110',
      countryCode: 'US',
      country: 'United States',
      fullName: null,
      fullAddress: '9 Dock Rd, Boston, MA 02110, United States',
      isNew: false,
      isPlaceHolder: false,
      sameAsBilling: false,
    });
    const billing = items.find((a) => a.address1 === BILLING.address1)!;
    const used = await affected('alice', billing._id);
    expect(used.statusCode).toBe(200);
    // Both purchases are billed to it; only the poster ships to the other.
    expect(used.json().items).toEqual(
      expect.arrayContaining([
        {
          purchaseId: monthly,
          name: expect.any(String),
          status: 'trialing',
          isRecurring: true,
          field: 'billingAddress',
        },
        expect.objectContaining({ purchaseId: poster, field: 'billingAddress' }),
      ]),
    );
    expect(used.json().items).toHaveLength(2);
    expect((await affected('alice', ship._id)).json().items).toEqual([
      expect.objectContaining({ purchaseId: poster, field: 'shippingAddress' }),
    ]);
  });

  it('a canceled purchase is not affected by a change', async () => {
    const { monthly } = await aliceBuys();
    const cancel = await t.h.app.inject({
      method: 'POST',
      url: '/api/payment/unsubscribe',
      headers: t.auth('alice'),
      payload: { purchaseId: monthly },
    });
    expect(cancel.statusCode).toBe(200);
    const billing = (await addressesOf('alice')).find((a) => a.address1 === BILLING.address1)!;
    const ids = (await affected('alice', billing._id))
      .json()
      .items.map((i: { purchaseId: string }) => i.purchaseId);
    expect(ids).not.toContain(monthly);
  });

  it('update changes every copy (the §8 success message); the old id is gone, the new one listed', async () => {
    const { monthly, poster } = await aliceBuys();
    const billing = (await addressesOf('alice')).find((a) => a.address1 === BILLING.address1)!;
    const res = await update('alice', {
      address: { ...BILLING, _id: billing._id, address1: '2 Side St', address2: 'Apt 4' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: COMMERCE_MESSAGES.addressModified,
      address: { address1: '2 Side St', address2: 'Apt 4', city: 'New York' },
    });
    expect(res.json().purchaseIds.sort()).toEqual([monthly, poster].sort());
    const after = await addressesOf('alice');
    expect(after.map((a) => a._id)).not.toContain(billing._id);
    expect(after.map((a) => a._id)).toContain(res.json().address._id);
    const rows = await t.purchases('alice');
    for (const row of rows) expect(JSON.parse(row.billing_address!)).toMatchObject({ address1: '2 Side St' });
    // A replay of the same change finds no address under the old id.
    expect((await update('alice', { address: { ...BILLING, _id: billing._id } })).statusCode).toBe(404);
  });

  it('with purchaseId and field only that copy changes', async () => {
    const { monthly, poster } = await aliceBuys();
    const billing = (await addressesOf('alice')).find((a) => a.address1 === BILLING.address1)!;
    const res = await update('alice', {
      address: { ...BILLING, _id: billing._id, zip: '10002' },
      purchaseId: poster,
      field: 'billingAddress',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().purchaseIds).toEqual([poster]);
    const rows = await t.purchases('alice');
    const zipOf = (id: string) => JSON.parse(rows.find((r) => r.id === id)!.billing_address!).zip;
    expect([zipOf(monthly), zipOf(poster)]).toEqual(['10001', '10002']);
    expect(await addressesOf('alice')).toHaveLength(3);
  });
});
