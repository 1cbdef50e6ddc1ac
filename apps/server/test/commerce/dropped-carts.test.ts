import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer } from '../support/accounts';
import { commerceHarness, type CommerceHarness } from './fixtures';

// POST /v2/me/sites/{site}/dropped-cart {bundleId, bundleName} (accounts-and-commerce §7 Profile)
// and the admins' GET /v2/sites/{site}/dropped-carts (decision 0060).
let t: CommerceHarness;
let admin: string;
let staff: string;

const drop = (who: 'alice' | 'bob' | 'carol' | null, body: unknown, site = 'acme') =>
  t.h.app.inject({
    method: 'POST',
    url: `/v2/me/sites/${site}/dropped-cart`,
    headers: who ? t.auth(who) : {},
    payload: body as object,
  });
const list = (token: string | undefined, query = '', site = 'acme') =>
  t.h.app.inject({ method: 'GET', url: `/v2/sites/${site}/dropped-carts${query}`, headers: bearer(token) });

beforeAll(async () => {
  t = await commerceHarness();
  await t.insertUser({ id: 'ada', site_uid: 'acme', email: 'ada@example.com', roles: '["admin"]' });
  await t.insertUser({ id: 'stan', site_uid: 'acme', email: 'stan@example.com', roles: '["staff"]' });
  admin = await t.accessTokenFor({ id: 'ada', site: 'acme', email: 'ada@example.com', roles: ['admin'] });
  staff = await t.accessTokenFor({ id: 'stan', site: 'acme', email: 'stan@example.com', roles: ['staff'] });
});
afterAll(() => t.h.close());

describe('dropped carts refuse', () => {
  it('401s without a token, before any 400', async () => {
    expect((await drop(null, { bundleId: 'monthly', bundleName: 'Monthly' })).statusCode).toBe(401);
    expect((await drop(null, {})).statusCode).toBe(401);
    expect((await list(undefined)).statusCode).toBe(401);
  });

  it('400s a missing or malformed bundleId or bundleName, naming it', async () => {
    const cases: [object, string][] = [
      [{ bundleName: 'Monthly' }, 'bundleId'],
      [{ bundleId: '', bundleName: 'Monthly' }, 'bundleId'],
      [{ bundleId: 'a b', bundleName: 'Monthly' }, 'bundleId'],
      [{ bundleId: 'monthly' }, 'bundleName'],
      [{ bundleId: 'monthly', bundleName: '   ' }, 'bundleName'],
      [{ bundleId: 'monthly', bundleName: 'x'.repeat(201) }, 'bundleName'],
    ];
    for (const [body, field] of cases) {
      const res = await drop('alice', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 50)).toBe(400);
      expect(res.json().error.field).toBe(field);
    }
    expect((await list(admin, '?page=-1')).json().error.field).toBe('page');
  });

  it('404s an unknown site and a bundle not for sale; 403s another site than the account’s', async () => {
    expect((await drop('alice', { bundleId: 'monthly', bundleName: 'M' }, 'nowhere')).statusCode).toBe(404);
    for (const bundleId of ['nope', 'disabled', 'deleted']) {
      const res = await drop('alice', { bundleId, bundleName: 'X' });
      expect(res.statusCode, bundleId).toBe(404);
      expect(res.json().error.message).toBe('Resource is not available for purchase at the moment');
    }
    const other = await drop('carol', { bundleId: 'monthly', bundleName: 'M' });
    expect(other.statusCode).toBe(403);
    expect(other.json().error.code).toBe('wrongSite');
  });

  it('403s the list to a viewer, staff and another site’s admin', async () => {
    expect((await list(t.token('alice'))).statusCode).toBe(403);
    expect((await list(staff)).statusCode).toBe(403);
    const carolAdmin = await t.accessTokenFor({
      id: 'carol',
      site: 'taxed',
      email: 'carol@example.com',
      roles: ['admin'],
    });
    expect((await list(carolAdmin)).statusCode).toBe(403);
  });

  it('409s a bundle the viewer already holds, storing nothing', async () => {
    expect((await t.subscribe('bob', { gateway: 'free', resourceId: 'freebie' })).statusCode).toBe(201);
    const res = await drop('bob', { bundleId: 'freebie', bundleName: 'Freebie' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'alreadyPurchased', field: 'bundleId' });
    expect(await t.h.db.selectFrom('dropped_carts').selectAll().execute()).toEqual([]);
  });
});

describe('dropped carts', () => {
  it('stores a drop (201), counts a repeat (200, times + 1) and lists them for the admin, latest first', async () => {
    const first = await drop('alice', { bundleId: 'monthly', bundleName: 'Monthly' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ bundleId: 'monthly', bundleName: 'Monthly', times: 1 });
    const at = first.json().droppedAt;

    t.clock.now += 60_000;
    await t.signTokens();
    expect((await drop('bob', { bundleId: 'annual', bundleName: 'Annual' })).statusCode).toBe(201);
    t.clock.now += 60_000;
    await t.signTokens();
    const again = await drop('alice', { bundleId: 'monthly', bundleName: 'Monthly plan' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      id: first.json().id,
      times: 2,
      bundleName: 'Monthly plan',
      firstDroppedAt: at,
    });
    expect(again.json().droppedAt > at).toBe(true);

    admin = await t.accessTokenFor({ id: 'ada', site: 'acme', email: 'ada@example.com', roles: ['admin'] });
    const res = await list(admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json()).toMatchObject({ total_items: 2, current_page: 0, items_per_page: 20 });
    expect(
      res
        .json()
        .items.map((c: { email: string; bundleId: string; times: number }) => [c.email, c.bundleId, c.times]),
    ).toEqual([
      ['alice@example.com', 'monthly', 2],
      ['bob@example.com', 'annual', 1],
    ]);
    const second = (await list(admin, '?page=1&pageSize=1')).json();
    expect(second.items.map((c: { userId: string }) => c.userId)).toEqual(['bob']);
  });

  it('a purchase of the bundle ends the viewer’s dropped cart of it', async () => {
    expect((await drop('alice', { bundleId: 'noads', bundleName: 'No ads' })).statusCode).toBe(201);
    const buy = await t.subscribe('alice', { gateway: 'free', resourceId: 'noads', couponCode: 'FREEALL' });
    expect(buy.statusCode).toBe(201);
    // The event's handler runs after the purchase answered: wait for the row to go.
    const carts = () =>
      t.h.db
        .selectFrom('dropped_carts')
        .select(['user_id', 'bundle_id'])
        .where('user_id', '=', 'alice')
        .execute();
    await vi.waitFor(
      async () => expect(await carts()).toEqual([{ user_id: 'alice', bundle_id: 'monthly' }]),
      {
        timeout: 5000,
        interval: 20,
      },
    );
  });
});
