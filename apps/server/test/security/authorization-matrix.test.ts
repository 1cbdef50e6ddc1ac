import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matrixMismatches } from './matrix-run';
import { EXCLUDED, ROUTE_ACCESS } from './route-access';
import { injectInto } from './transport';
import { securityWorld, type RegisteredRoute, type SecurityWorld } from './world';

/**
 * The authorization matrix: every route the app registers, asked by each principal (anonymous,
 * user A, user B acting on A's resources, a user of another site, staff, admin), answers as its
 * entry in route-access.ts says. Refusals must be exactly the expected 401/403/404; allowed calls
 * must not be 401 or 403.
 */
let world: SecurityWorld;
let routes: RegisteredRoute[];

beforeAll(async () => {
  world = await securityWorld();
  routes = world.routes.filter((r) => !(r.key in EXCLUDED));
});
afterAll(async () => {
  await world.h.close();
});

describe('authorization matrix', () => {
  it('has an entry in route-access.ts for every registered route', () => {
    const missing = routes.filter((r) => !(r.key in ROUTE_ACCESS)).map((r) => r.key);
    expect(
      missing,
      `Routes without an access entry. Add each to ROUTE_ACCESS in apps/server/test/security/route-access.ts ` +
        `(who may call it: public, user, siteUser, owner, admin or capability; see README.md there):\n  ` +
        missing.join('\n  '),
    ).toEqual([]);
  });

  it('names only routes that exist', () => {
    const registered = new Set(world.routes.map((r) => r.key));
    const stale = [...Object.keys(ROUTE_ACCESS), ...Object.keys(EXCLUDED)].filter((k) => !registered.has(k));
    expect(
      stale,
      `Entries in apps/server/test/security/route-access.ts whose route is no longer registered: ` +
        `remove or rename them:\n  ${stale.join('\n  ')}`,
    ).toEqual([]);
  });

  it('answers every principal as the table says', async () => {
    const wrong = await matrixMismatches(world, routes, injectInto(world.h.app));
    expect(wrong, `Answers that differ from route-access.ts:\n  ${wrong.join('\n  ')}`).toEqual([]);
  }, 180_000);
});
