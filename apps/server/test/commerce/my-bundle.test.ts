import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commerceHarness, type CommerceHarness } from './fixtures';

// GET /v2/me/sites/{site}/bundles/{id} (accounts-and-commerce §7 Profile): the bundle with the
// signed-in viewer's own purchase state.
let t: CommerceHarness;
beforeAll(async () => {
  t = await commerceHarness();
});
afterAll(() => t.h.close());

const get = (site: string, id: string, who: 'alice' | 'bob' | 'carol' | null = 'alice') =>
  t.h.app.inject({ url: `/v2/me/sites/${site}/bundles/${id}`, headers: who ? t.auth(who) : {} });

describe('GET me/sites/{site}/bundles/{id}', () => {
  it('401 without a sign-in, 403 wrongSite for another site, 404 for an unknown, disabled or deleted bundle, 400 for a bad id', async () => {
    expect((await get('acme', 'monthly', null)).statusCode).toBe(401);
    const wrong = await get('acme', 'monthly', 'carol');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.code).toBe('wrongSite');
    for (const id of ['nope', 'disabled', 'deleted'])
      expect((await get('acme', id)).statusCode, id).toBe(404);
    const bad = await get('acme', 'a%20b');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.field).toBe('id');
  });

  it('before buying: activeForUser false and no purchase; after: the live purchase, only for its buyer', async () => {
    const before = await get('acme', 'annual');
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({ id: 'annual', activeForUser: false, purchase: null });
    const card = await t.addCard('alice');
    const bought = await t.subscribe('alice', t.cardOrder('annual', card));
    expect(bought.statusCode).toBe(201);
    const after = await get('acme', 'annual');
    expect(after.json()).toMatchObject({
      id: 'annual',
      activeForUser: true,
      purchase: { id: bought.json().purchase.id, status: 'active' },
    });
    // Bob sees the same bundle without Alice's purchase.
    expect((await get('acme', 'annual', 'bob')).json()).toMatchObject({
      activeForUser: false,
      purchase: null,
    });
  });

  it('a canceled purchase is shown as such', async () => {
    const card = await t.addCard('bob');
    const bought = await t.subscribe('bob', t.cardOrder('noads', card));
    expect(bought.statusCode).toBe(201);
    await t.h.app.inject({
      method: 'POST',
      url: '/api/payment/unsubscribe',
      headers: t.auth('bob'),
      payload: { purchaseId: bought.json().purchase.id },
    });
    expect((await get('acme', 'noads', 'bob')).json().purchase).toMatchObject({
      id: bought.json().purchase.id,
      status: 'canceled',
    });
  });
});
