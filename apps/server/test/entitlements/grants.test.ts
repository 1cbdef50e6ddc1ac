import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetRow, videoRow } from '../fixtures';
import { DAY, START } from '../support/accounts';
import { entitlementsHarness, insertPurchase, purchaseRow } from './fixtures';

let t: Awaited<ReturnType<typeof entitlementsHarness>>;
const grants = (userId: string) => `/v2/admin/sites/acme/users/${userId}/grants`;
const iso = (ms: number) => new Date(ms).toISOString();

beforeAll(async () => {
  t = await entitlementsHarness();
  const db = t.h.db;
  await db.insertInto('media_assets').values(assetRow('acme', 'a1')).execute();
  await db
    .insertInto('videos')
    .values([
      videoRow('acme', 'v-paid', { access_type: 'paid', channel_id: 'news', asset_id: 'a1' }),
      videoRow('acme', 'v-free', { asset_id: 'a1' }),
      videoRow('acme', 'v-product', { access_type: 'paid', asset_id: 'a1' }),
    ])
    .execute();
});
afterAll(() => t.h.close());

const grant = (userId: string, payload: unknown, headers = t.tokens.admin) =>
  t.h.app.inject({ method: 'POST', url: grants(userId), headers, payload: payload as object });
const revoke = (userId: string, id: string, headers = t.tokens.admin) =>
  t.h.app.inject({ method: 'DELETE', url: `${grants(userId)}/${id}`, headers });
const playUrl = async (uid: string, headers = t.tokens.viewer) =>
  (await t.h.app.inject({ url: `/v2/sites/acme/videos/${uid}/play-url`, headers })).json();

describe('POST /v2/admin/sites/{site}/users/{userId}/grants — refused', () => {
  it('401 without a bearer token, before looking at the body', async () => {
    const res = await grant('viewer', {}, {});
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthorized');
  });

  it("403 for a user who is not the site's admin (a viewer, another site's admin)", async () => {
    for (const headers of [t.tokens.viewer, t.tokens.otherAdmin]) {
      const res = await grant('viewer', { bundleId: 'b-site' }, headers);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('forbidden');
    }
  });

  it('404 for an unknown user, a user of another site, an unknown or deleted bundle, an unknown site', async () => {
    for (const [user, bundleId] of [
      ['nobody', 'b-site'],
      ['other-admin', 'b-site'],
      ['viewer', 'b-nope'],
      ['viewer', 'b-gone'],
    ] as const) {
      const res = await grant(user, { bundleId });
      expect(res.statusCode, `${user} ${bundleId}`).toBe(404);
      expect(res.json().error.code).toBe('notFound');
    }
    const res = await t.h.app.inject({
      method: 'POST',
      url: '/v2/admin/sites/nope/users/viewer/grants',
      headers: t.tokens.admin,
      payload: { bundleId: 'b-site' },
    });
    expect(res.statusCode).toBe(404);
  });

  it('400 naming the field: missing or empty bundleId, a bad or past availableTo', async () => {
    for (const [payload, field] of [
      [{}, 'bundleId'],
      [{ bundleId: '  ' }, 'bundleId'],
      [{ bundleId: 'b-site', availableTo: 'tomorrow' }, 'availableTo'],
      [{ bundleId: 'b-site', availableTo: iso(START - 1000) }, 'availableTo'],
    ] as const) {
      const res = await grant('viewer', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.field).toBe(field);
    }
  });
});

describe('DELETE …/grants/{purchaseId} — refused', () => {
  it('401 without a token, 403 for a non-admin', async () => {
    expect((await revoke('viewer', 'x', {})).statusCode).toBe(401);
    expect((await revoke('viewer', 'x', t.tokens.viewer)).statusCode).toBe(403);
  });

  it("404 for an unknown purchase, another user's grant, and a purchase that is not a grant", async () => {
    const bought = purchaseRow('viewer2', 'b-product', { type: 'PRODUCT' });
    await insertPurchase(t.h.db, bought);
    const given = (await grant('viewer2', { bundleId: 'b-news' })).json();
    expect((await revoke('viewer', 'nope')).statusCode).toBe(404);
    expect((await revoke('viewer', given.id)).statusCode).toBe(404);
    expect((await revoke('viewer2', bought.id!)).statusCode).toBe(404);
    expect((await revoke('viewer2', given.id)).statusCode).toBe(204);
  });
});

describe('grants and play-url', () => {
  it('a paid video asks for a purchase, plays after a grant, and stops after the revoke', async () => {
    const before = await playUrl('v-paid');
    expect(before).toMatchObject({ url: null, paidAccess: false, rentalIds: ['b-rental'] });
    expect([...before.bundleIds].sort()).toEqual(['b-news', 'b-site']);

    const res = await grant('viewer', { bundleId: 'b-news', description: 'Press pass' });
    expect(res.statusCode).toBe(201);
    const g = res.json();
    expect(g).toMatchObject({
      userId: 'viewer',
      bundleId: 'b-news',
      type: 'CHANNELS',
      status: 'active',
      gateway: 'comp',
      amount: 0,
      availableFrom: iso(START),
      availableTo: null,
      description: 'Press pass',
    });
    const row = await t.h.db
      .selectFrom('purchases')
      .selectAll()
      .where('id', '=', g.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ site_uid: 'acme', user_id: 'viewer', amount_cents: 0, gateway: 'comp' });

    const after = await playUrl('v-paid');
    expect(after.url).toMatch(/^\/media\/.+\/a1\/master\.m3u8$/);
    expect(after).toMatchObject({ paidAccess: true, paidBundles: ['b-news'] });
    // Another viewer is not entitled by it.
    expect((await playUrl('v-paid', t.tokens.viewer2)).url).toBeNull();
    // A CHANNELS grant does not unlock a paid video outside its channels.
    expect((await playUrl('v-product')).url).toBeNull();

    expect((await revoke('viewer', g.id)).statusCode).toBe(204);
    expect((await playUrl('v-paid')).url).toBeNull();
    const ended = await t.h.db
      .selectFrom('purchases')
      .selectAll()
      .where('id', '=', g.id)
      .executeTakeFirstOrThrow();
    expect(ended).toMatchObject({ status: 'canceled', canceled_date: iso(START), available_to: iso(START) });
    expect(JSON.parse(ended.status_history).map((s: { status: string }) => s.status)).toEqual([
      'active',
      'canceled',
    ]);
    // Revoking again changes nothing.
    expect((await revoke('viewer', g.id)).statusCode).toBe(204);
  });

  it('a grant with availableTo ends on its own', async () => {
    const g = (await grant('viewer', { bundleId: 'b-product', availableTo: iso(START + DAY) })).json();
    expect(g.availableTo).toBe(iso(START + DAY));
    expect((await playUrl('v-product')).url).not.toBeNull();
    t.clock.now = START + DAY;
    try {
      expect((await playUrl('v-product')).url).toBeNull();
    } finally {
      t.clock.now = START;
    }
    await revoke('viewer', g.id);
  });

  it('a DISABLE_ADS grant plays everything without ads but unlocks nothing', async () => {
    expect((await playUrl('v-free')).withoutAds).toBe(false);
    const g = (await grant('viewer', { bundleId: 'b-ads' })).json();
    expect((await playUrl('v-free')).withoutAds).toBe(true);
    expect(await playUrl('v-paid')).toMatchObject({ url: null, withoutAds: true });
    await revoke('viewer', g.id);
    expect((await playUrl('v-free')).withoutAds).toBe(false);
  });
});

describe('purchases written by commerce', () => {
  // Rows inserted straight into the table (as the commerce module does) are read within the
  // entitlements cache's TTL; each case uses a user whose entitlements were not read before.
  const fresh = async (id: string) => {
    await t.insertUser({ id, site_uid: 'acme', email: `${id}@acme.test` }, null);
    return {
      authorization: `Bearer ${await t.accessTokenFor({ id, site: 'acme', email: `${id}@acme.test` })}`,
    };
  };

  it('a rental plays inside its window only', async () => {
    const headers = await fresh('renter');
    await insertPurchase(
      t.h.db,
      purchaseRow('renter', 'b-rental', {
        type: 'RENTAL',
        available_from: iso(START),
        available_to: iso(START + 2 * DAY),
      }),
    );
    expect((await playUrl('v-paid', headers)).paidBundles).toEqual(['b-rental']);
    t.clock.now = START + 2 * DAY;
    try {
      expect((await playUrl('v-paid', headers)).url).toBeNull();
    } finally {
      t.clock.now = START;
    }
  });

  it('a purchase of one item (accessInfo) unlocks that item only', async () => {
    const headers = await fresh('item-buyer');
    await insertPurchase(
      t.h.db,
      purchaseRow('item-buyer', 'b-rental', {
        type: 'RENTAL',
        access_info: JSON.stringify({ contentType: 'video', contentUid: 'v-product' }),
      }),
    );
    expect(await playUrl('v-product', headers)).toMatchObject({ paidAccess: true, paidBundles: [] });
    expect((await playUrl('v-paid', headers)).url).toBeNull();
  });

  it('gifts entitle the redeemer once redeemed, never the buyer', async () => {
    const buyer = await fresh('gift-buyer');
    const friend = await fresh('gift-friend');
    await insertPurchase(
      t.h.db,
      purchaseRow('gift-buyer', 'b-site', { is_gift: 1, redeemed_by_user_id: 'gift-friend' }),
    );
    expect((await playUrl('v-paid', buyer)).url).toBeNull();
    expect((await playUrl('v-paid', friend)).paidBundles).toEqual(['b-site']);
  });

  it('suspended does not count; canceled counts until its period end', async () => {
    const suspended = await fresh('suspended');
    await insertPurchase(t.h.db, purchaseRow('suspended', 'b-site', { status: 'suspended' }));
    expect((await playUrl('v-paid', suspended)).url).toBeNull();
    const canceled = await fresh('canceled');
    await insertPurchase(
      t.h.db,
      purchaseRow('canceled', 'b-site', { status: 'canceled', available_to: iso(START + DAY) }),
    );
    expect((await playUrl('v-paid', canceled)).paidAccess).toBe(true);
  });
});
