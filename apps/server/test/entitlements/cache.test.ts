import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRolesRepository } from '../../src/modules/roles/roles.repository';
import { createRolesService } from '../../src/modules/roles/roles.service';
import { createEntitlementsRepository } from '../../src/modules/entitlements/entitlements.repository';
import { createEntitlementsService } from '../../src/modules/entitlements/entitlements.service';
import { START } from '../support/accounts';
import { entitlementsHarness, insertPurchase, purchaseRow } from './fixtures';

// The per-user cache and `invalidate`, which the commerce module calls after writing a purchase.
let t: Awaited<ReturnType<typeof entitlementsHarness>>;
beforeAll(async () => {
  t = await entitlementsHarness();
});
afterAll(() => t.h.close());

const service = (cacheMs?: number) =>
  createEntitlementsService({
    repo: createEntitlementsRepository(t.h.db),
    getUser: async () => undefined,
    roles: createRolesService(createRolesRepository(t.h.db)),
    now: () => START,
    cacheMs,
  });

describe('entitlements cache', () => {
  it('keeps a user’s purchases until invalidate(site, user), then reads them again', async () => {
    const s = service();
    expect((await s.forUser('acme', 'viewer')).entireSite).toBe(false);
    await insertPurchase(t.h.db, purchaseRow('viewer', 'b-site'));
    expect((await s.forUser('acme', 'viewer')).entireSite).toBe(false);
    s.invalidate('acme', 'other-user');
    expect((await s.forUser('acme', 'viewer')).entireSite).toBe(false);
    s.invalidate('acme', 'viewer');
    expect((await s.forUser('acme', 'viewer')).entireSite).toBe(true);
    // Per site: the same user id on another site holds nothing.
    expect((await s.forUser('other', 'viewer')).entireSite).toBe(false);
  });

  it('reads again once the entry is older than the TTL', async () => {
    const s = service(0);
    expect((await s.forUser('acme', 'viewer2')).bundleIds).toEqual([]);
    await insertPurchase(t.h.db, purchaseRow('viewer2', 'b-news', { type: 'CHANNELS' }));
    expect((await s.forUser('acme', 'viewer2')).bundleIds).toEqual(['b-news']);
  });
});
