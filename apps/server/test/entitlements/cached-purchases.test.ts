import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetRow, videoRow } from '../fixtures';
import { entitlementsHarness, insertPurchase, purchaseRow } from './fixtures';

// DELETE /v2/me/sites/{site}/cached-purchases (accounts-and-commerce §7 Profile; decision 0055):
// drops this server's cached purchases of the viewer, so one written elsewhere (a webhook worker,
// another node: no purchaseChanged here) unlocks playback at once instead of after the cache TTL.
let t: Awaited<ReturnType<typeof entitlementsHarness>>;
beforeAll(async () => {
  t = await entitlementsHarness();
  await t.h.db.insertInto('media_assets').values(assetRow('acme', 'a1')).execute();
  await t.h.db
    .insertInto('videos')
    .values(videoRow('acme', 'v-paid', { access_type: 'paid', channel_id: 'news', asset_id: 'a1' }))
    .execute();
});
afterAll(() => t.h.close());

const clear = (site: string, headers: Record<string, string> = t.tokens.viewer) =>
  t.h.app.inject({ method: 'DELETE', url: `/v2/me/sites/${site}/cached-purchases`, headers });
const playUrl = async () =>
  (await t.h.app.inject({ url: '/v2/sites/acme/videos/v-paid/play-url', headers: t.tokens.viewer })).json();

describe('DELETE me/sites/{site}/cached-purchases', () => {
  it('401 without a sign-in; 403 wrongSite for another site than the account’s; 404 for an unknown site', async () => {
    expect((await clear('acme', {})).statusCode).toBe(401);
    const other = await clear('other');
    expect(other.statusCode).toBe(403);
    expect(other.json().error.code).toBe('wrongSite');
    expect((await clear('no-such-site')).statusCode).toBe(404);
  });

  it('a purchase written by another process shows at once after the clear, not before', async () => {
    expect((await playUrl()).url).toBeNull();
    await insertPurchase(t.h.db, purchaseRow('viewer', 'b-site'));
    // Cached: still locked (until the cache TTL) ...
    expect((await playUrl()).url).toBeNull();
    const res = await clear('acme');
    expect(res.statusCode).toBe(204);
    // ... and open once cleared.
    expect((await playUrl()).url).toEqual(expect.any(String));
  });
});
