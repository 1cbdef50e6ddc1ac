import { describe, expect, it } from 'vitest';
import { commercePaths } from '../../config/commerce-paths';
import { commerceRoutes } from './commerce-routes';

describe('commerce routes', () => {
  it('lists every commerce path once', () => {
    expect(commerceRoutes.map((r) => r.path).sort()).toEqual(
      Object.values(commercePaths)
        .map((p) => p.path)
        .sort(),
    );
  });
  it('each lazy route resolves a component', async () => {
    for (const route of commerceRoutes) {
      const loaded = await (route.lazy as () => Promise<{ Component?: unknown }>)();
      expect(typeof loaded.Component, route.path).toBe('function');
    }
  });
});
