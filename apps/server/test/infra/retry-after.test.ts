import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPasswordHasher, HASHER_LIMITS } from '../../src/infra/password-hasher';
import { createRedisRateLimiter } from '../../src/infra/rate-limiter';
import { createRedisSessionStore } from '../../src/infra/session-store';
import { ALICE, authHarness } from '../auth/fixtures';

// Answers a client should retry carry Retry-After, whichever module throws them (plugins/errors.ts).

/** Nothing listens on port 1: a real Redis client whose every command fails after its retries. */
const NO_REDIS = 'redis://127.0.0.1:1';

describe('a Redis that does not answer', () => {
  let t: Awaited<ReturnType<typeof authHarness>>;
  beforeAll(async () => {
    t = await authHarness({
      context: {
        limiter: createRedisRateLimiter(NO_REDIS, 'down:'),
        sessions: createRedisSessionStore(NO_REDIS, 'down:', 60_000),
      },
    });
  });
  afterAll(() => t.h.close());

  const expectUnavailable = (res: {
    statusCode: number;
    headers: Record<string, unknown>;
    json(): unknown;
  }) => {
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      error: {
        code: 'serviceUnavailable',
        message: 'The service is busy for a moment. Please try again shortly.',
      },
    });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  };

  it('a login (its limiter lives in Redis) is 503 serviceUnavailable with Retry-After, not 500', async () => {
    expectUnavailable(await t.login());
  });

  it('a bearer request (its session check reads Redis) is 503 with Retry-After, not 500', async () => {
    const signed = await t.accessTokenFor({ id: ALICE.id, site: 'acme', email: ALICE.email });
    expectUnavailable(await t.info(signed));
  });
});

describe('a full hashing queue', () => {
  let t: Awaited<ReturnType<typeof authHarness>>;
  beforeAll(async () => {
    t = await authHarness({
      // No room at all: every hash and verify is refused, as when a flood has filled the queue.
      context: {
        passwords: createPasswordHasher({
          limits: { ...HASHER_LIMITS, queuedPerSource: 0, queued: 0, retryAfterSeconds: 7 },
        }),
      },
    });
  });
  afterAll(() => t.h.close());

  it("confirming one's identity (profile) answers 429 with Retry-After", async () => {
    const token = await t.accessTokenFor({ id: ALICE.id, site: 'acme', email: ALICE.email });
    const res = await t.h.app.inject({
      method: 'POST',
      url: '/v2/me/confirm-identity',
      headers: { authorization: `Bearer ${token}` },
      payload: { email: ALICE.email, password: ALICE.password },
    });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('7');
  });

  it('replacing an expired password (recovery) answers 429 with Retry-After', async () => {
    const res = await t.post('/api/reset/pw/expired', {
      email: ALICE.email,
      password: ALICE.password,
      newPassword: 'a much longer new password',
      site: 'acme',
    });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('7');
  });
});
