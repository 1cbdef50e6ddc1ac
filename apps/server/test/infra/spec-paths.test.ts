import { describe, expect, it } from 'vitest';
import { ourRoute, servedAt, SPEC_PATHS } from '../../src/plugins/spec-paths';

// The alias helper of decision 0057; paypal.test.ts checks the aliases answer as our routes do.
describe('spec paths', () => {
  const schema = { operationId: 'cancelPaypalSubCheckout', summary: 'Cancel', tags: ['commerce'] };

  it('a route without a spec path is served at ours only, its schema untouched', () => {
    expect(servedAt('POST', '/api/payment/paypal/cancel/:id', schema)).toEqual([
      { url: '/api/payment/paypal/cancel/:id', schema },
    ]);
    // Same URL, another method: not the alias's route.
    expect(servedAt('GET', '/api/payment/paypal-sub/cancel/:id', schema)).toHaveLength(1);
  });

  it('a route with one is served at both, the alias with its own operation id naming our path', () => {
    const [ours, alias] = servedAt('POST', '/api/payment/paypal-sub/cancel/:id', schema);
    expect(ours).toEqual({ url: '/api/payment/paypal-sub/cancel/:id', schema });
    expect(alias).toEqual({
      url: '/paypal-sub/cancel/:id',
      schema: {
        ...schema,
        operationId: 'cancelPaypalSubCheckoutSpecPath',
        summary: "Cancel (the spec's path for /api/payment/paypal-sub/cancel/{id}; same handler)",
      },
    });
  });

  it('ourRoute maps an alias to its route and leaves every other route alone', () => {
    expect(ourRoute('POST /paypal-sub/confirm/:id')).toBe('POST /api/payment/paypal-sub/confirm/:id');
    expect(ourRoute('GET /paypal-sub/confirm/:id')).toBe('GET /paypal-sub/confirm/:id');
    // No alias stands for another alias, so one lookup always reaches a route of ours.
    for (const target of Object.values(SPEC_PATHS)) expect(ourRoute(target)).toBe(target);
  });
});
