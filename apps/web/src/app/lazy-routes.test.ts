import { describe, expect, it } from 'vitest';
import { accountRoutes } from './routes/account-routes';
import { authRoutes } from './routes/auth-routes';
import { ACCOUNT_PATHS, AUTH_PATHS, lazyRoutes, loadAccountRoutes, loadAuthRoutes } from './router';

// The router lists the sign-in and account paths itself (their code loads on first visit): a path
// added to a route module but not to the router would fall through to "not found".
describe('lazy sign-in and account routes', () => {
  it('the router lists exactly the paths their modules define', () => {
    expect([...AUTH_PATHS].sort()).toEqual(authRoutes.map((r) => r.path).sort());
    expect([...ACCOUNT_PATHS].sort()).toEqual(accountRoutes.map((r) => r.path).sort());
  });
  it('each lazy route gets its module element', async () => {
    for (const [list, load, routes] of [
      [AUTH_PATHS, loadAuthRoutes, authRoutes],
      [ACCOUNT_PATHS, loadAccountRoutes, accountRoutes],
    ] as const) {
      for (const route of lazyRoutes([...list], load)) {
        const loaded = await (route.lazy as () => Promise<{ element: unknown }>)();
        expect(loaded.element).toBe(routes.find((r) => r.path === route.path)!.element);
      }
    }
  });
});
