import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRolesRepository } from '../../src/modules/roles/roles.repository';
import { createRolesService } from '../../src/modules/roles/roles.service';
import { createEntitlementsRepository } from '../../src/modules/entitlements/entitlements.repository';
import { createEntitlementsService } from '../../src/modules/entitlements/entitlements.service';
import { createEventBus, createRedisEventRelay } from '../../src/infra/event-bus';
import { START } from '../support/accounts';
import { entitlementsHarness, insertPurchase, purchaseRow } from './fixtures';

// The per-user cache and `invalidate`, which the commerce module calls after writing a purchase.
let t: Awaited<ReturnType<typeof entitlementsHarness>>;
beforeAll(async () => {
  t = await entitlementsHarness();
  for (const id of ['viewer3', 'viewer4'])
    await t.insertUser({ id, site_uid: 'acme', email: `${id}@acme.test` }, null);
});
afterAll(() => t.h.close());

const service = (cacheMs?: number, events = createEventBus()) =>
  createEntitlementsService({
    repo: createEntitlementsRepository(t.h.db),
    getUser: async () => undefined,
    roles: createRolesService(createRolesRepository(t.h.db)),
    events,
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

describe('purchaseChanged', () => {
  it('clears the buyer’s cached purchases (a grant or refresh announces it)', async () => {
    const s = service();
    expect((await s.forUser('acme', 'viewer3')).entireSite).toBe(false);
    await insertPurchase(t.h.db, purchaseRow('viewer3', 'b-site'));
    s.refresh('acme', 'viewer3');
    expect((await s.forUser('acme', 'viewer3')).entireSite).toBe(true);
  });
});

// Two nodes over one database: a purchase announced on one clears the other's cache through Redis.
describe.runIf(process.env.REDIS_URL)('purchaseChanged across nodes (Redis)', () => {
  const prefix = `test:${process.pid}:${Math.random().toString(36).slice(2, 8)}:`;
  const busA = createEventBus(createRedisEventRelay(process.env.REDIS_URL!, prefix));
  const busB = createEventBus(createRedisEventRelay(process.env.REDIS_URL!, prefix));
  afterAll(async () => {
    await busA.close();
    await busB.close();
  });

  it('node B reads a purchase again once node A announces it; B’s once-only handlers do not run', async () => {
    const a = service(undefined, busA);
    const b = service(undefined, busB);
    const onceOnB: unknown[] = [];
    busB.on('purchaseChanged', (change) => onceOnB.push(change));
    expect((await b.forUser('acme', 'viewer4')).entireSite).toBe(false);
    await insertPurchase(t.h.db, purchaseRow('viewer4', 'b-site'));
    expect((await b.forUser('acme', 'viewer4')).entireSite).toBe(false); // cached
    a.refresh('acme', 'viewer4');
    await expect.poll(async () => (await b.forUser('acme', 'viewer4')).entireSite).toBe(true);
    expect(onceOnB).toEqual([]);
  });
});
