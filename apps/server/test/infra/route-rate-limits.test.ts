import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_LIMITS } from '../../src/plugins/rate-limits';
import { commerceHarness, type CommerceHarness } from '../commerce/fixtures';
import { ROUTE_ACCESS, type Access } from '../security/route-access';

/** Access rules an anonymous caller passes; the others refuse before any work is done. */
const OPEN_TO_ANONYMOUS = new Set<Access>(['public', 'capability']);

// Route-level limits (decision 0039), in memory or in Redis when REDIS_URL is set (the harness
// gives each run keys of its own). Clients are told apart by X-Forwarded-For (TRUST_PROXY is on).
let t: CommerceHarness;

beforeAll(async () => {
  t = await commerceHarness();
});
afterAll(() => t.h.close());

const from = (ip: string) => ({ 'x-forwarded-for': ip });

function expectRateLimited(res: {
  statusCode: number;
  headers: Record<string, unknown>;
  json: () => unknown;
}) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toMatchObject({
    error: { code: 'rateLimited', message: expect.stringMatching(/try again/) },
  });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

describe('coupon guesses', () => {
  const apply = (ip: string, couponCode: string) =>
    t.h.app.inject({
      method: 'POST',
      url: '/v2/sites/acme/bundles/monthly/apply-coupon',
      headers: from(ip),
      payload: { couponCode },
    });
  const rentals = (ip: string, code: string) =>
    t.h.app.inject({ url: `/v2/sites/acme/rentals/coupon/${code}`, headers: from(ip) });

  it('a burst of guesses gets 429 with Retry-After after the limit, on every coupon route, so a real code is not found', async () => {
    const { max } = ROUTE_LIMITS.coupon;
    for (let i = 0; i < max; i++) {
      // Guesses spread over two coupon routes count together.
      const res = i % 2 ? await apply('10.1.0.1', `GUESS${i}`) : await rentals('10.1.0.1', `GUESS${i}`);
      expect(res.statusCode, `guess ${i}`).toBe(400);
    }
    expectRateLimited(await apply('10.1.0.1', 'FIRST20'));
    expectRateLimited(await rentals('10.1.0.1', 'FIRST20'));
    // Another client still checks its code.
    const other = await apply('10.1.0.2', 'FIRST20');
    expect(other.statusCode).toBe(200);
  });
});

describe('analytics and ad-tracking writes', () => {
  const event = (ip: string, n: number) =>
    t.h.app.inject({
      method: 'POST',
      url: '/v2/sites/acme/analytics/page',
      headers: from(ip),
      payload: { page: `/p${n}` },
    });

  it('an analytics burst from one address gets 429 after the limit; another address is still served', async () => {
    const { max } = ROUTE_LIMITS.analytics;
    for (let i = 0; i < max; i++) expect((await event('10.2.0.1', i)).statusCode, `event ${i}`).toBe(202);
    expectRateLimited(await event('10.2.0.1', max));
    // The batch route shares the counter.
    expectRateLimited(
      await t.h.app.inject({
        method: 'POST',
        url: '/v2/sites/acme/analytics/batch',
        headers: from('10.2.0.1'),
        payload: { events: [{ kind: 'page', page: '/x' }] },
      }),
    );
    expect((await event('10.2.0.2', 0)).statusCode).toBe(202);
  });

  it('tracking pixels are limited too (HEAD counts as GET)', async () => {
    const { max } = ROUTE_LIMITS.adTracking;
    const pixel = (method: 'GET' | 'HEAD') =>
      t.h.app.inject({
        method,
        url: '/v2/sites/acme/ads/track?event=impression&creative=nope',
        headers: from('10.3.0.1'),
      });
    for (let i = 0; i < max; i++) expect((await pixel(i % 2 ? 'HEAD' : 'GET')).statusCode).not.toBe(429);
    expectRateLimited(await pixel('GET'));
  });
});

describe('other anonymous writes', () => {
  it('are limited per route and address', async () => {
    const { max } = ROUTE_LIMITS.anonymousWrite;
    const taxes = (ip: string) =>
      t.h.app.inject({
        method: 'POST',
        url: '/v2/sites/acme/bundles/monthly/taxes',
        headers: from(ip),
        payload: {},
      });
    for (let i = 0; i < max; i++) expect((await taxes('10.4.0.1')).statusCode).not.toBe(429);
    expectRateLimited(await taxes('10.4.0.1'));
    // Another anonymous route has its own counter.
    const passcode = await t.h.app.inject({
      method: 'POST',
      url: '/passcode-login',
      headers: from('10.4.0.1'),
      payload: {},
    });
    expect(passcode.statusCode).not.toBe(429);
  });
});

describe('every write route', () => {
  it('is rate limited, needs a signed-in caller, or says in route-access.ts why it is not limited', () => {
    const unlimited = [...t.h.app.writeRouteLimits].filter(([, group]) => group === null).map(([r]) => r);
    const anonymous = unlimited.filter((route) => OPEN_TO_ANONYMOUS.has(ROUTE_ACCESS[route]!.access));
    const explained = Object.entries(ROUTE_ACCESS)
      .filter(([, entry]) => entry.unlimited)
      .map(([route]) => route);
    expect(anonymous.sort()).toEqual(explained.sort());
    expect(t.h.app.writeRouteLimits.get('POST /v2/sites/:site/bundles/:id/apply-coupon')).toBe('coupon');
    expect(t.h.app.writeRouteLimits.get('POST /v2/sites/:site/analytics/batch')).toBe('analytics');
    expect(t.h.app.writeRouteLimits.get('POST /v2/me/auth/signup')).toBe('anonymousWrite');
  });
});
