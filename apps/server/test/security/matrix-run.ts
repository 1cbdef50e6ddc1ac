import { expected, PRINCIPALS, ROUTE_ACCESS } from './route-access';
import { validRequest } from './requests';
import type { Send } from './transport';
import type { RegisteredRoute, SecurityWorld } from './world';

/**
 * Asks every route as each principal (anonymous, user A, user B acting on A's resources, a user of
 * another site, staff, admin) through `send`, and answers each answer that differs from its entry
 * in route-access.ts: refusals must be exactly the expected 401/403/404, allowed calls must not be
 * 401, 403 or 5xx, and the owner's (or admin's) own call must find the resource.
 */
export async function matrixMismatches(
  world: SecurityWorld,
  routes: RegisteredRoute[],
  send: Send,
): Promise<string[]> {
  const wrong: string[] = [];
  for (const route of routes) {
    const entry = ROUTE_ACCESS[route.key];
    if (!entry) continue;
    for (const [i, principal] of PRINCIPALS.entries()) {
      const req = validRequest(world, route);
      const res = await send({
        ...req,
        // Each principal calls from an address of its own, so per-IP limits count them apart.
        remoteAddress: `10.20.0.${i + 1}`,
        headers: { ...(req.headers as Record<string, string>), ...world.headersOf(principal) },
      });
      const want = expected(entry, principal);
      const got = res.statusCode;
      const fine = want === 'allowed' ? got !== 401 && got !== 403 && got < 500 : got === want;
      // The owner's (or admin's) own call must find the resource, or the others' refusals would
      // prove nothing.
      const holder = entry.access === 'owner' ? 'userA' : entry.access === 'admin' ? 'admin' : null;
      if (principal === holder && got === 404)
        wrong.push(`${route.key} as ${principal}: got 404, so the entry names no resource it may act on`);
      if (!fine)
        wrong.push(`${route.key} as ${principal}: expected ${want}, got ${got} ${res.body.slice(0, 160)}`);
    }
  }
  return wrong;
}
