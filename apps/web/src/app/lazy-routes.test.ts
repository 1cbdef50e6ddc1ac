import { describe, expect, it } from 'vitest';
import { authRoutes } from './routes/auth-routes';
import { AUTH_PATHS, lazyRoutes, loadAuthRoutes } from './router';

// The router lists the sign-in paths itself (their code loads on first visit): a path added to the
// route module but not to the router would fall through to "not found".
describe('lazy sign-in routes', () => {
  it('the router lists exactly the paths the module defines', () => {
    expect([...AUTH_PATHS].sort()).toEqual(authRoutes.map((r) => r.path).sort());
  });
  it('each lazy route renders its module element', async () => {
    for (const route of lazyRoutes(AUTH_PATHS, loadAuthRoutes)) {
      const loaded = await (route.lazy as () => Promise<{ Component: () => unknown }>)();
      const element = authRoutes.find((r) => r.path === route.path)!.element;
      expect(element, route.path).toBeDefined();
      expect(loaded.Component()).toBe(element);
    }
  });
});
