import { afterAll, describe, expect, it } from 'vitest';
import {
  createMemoryRateLimiter,
  createRedisRateLimiter,
  type RateLimiter,
} from '../../src/infra/rate-limiter';

const rule = { limit: 3, windowMs: 60_000 };

function behaves(name: string, make: (clock: { t: number }) => RateLimiter, canMoveClock: boolean) {
  describe(name, () => {
    const clock = { t: 1_000_000 };
    const limiter = make(clock);
    const key = `k-${Math.random().toString(36).slice(2)}`;
    afterAll(() => limiter.close());

    it('allows up to the limit, then refuses with a retry time', async () => {
      for (let i = 1; i <= 3; i++)
        expect(await limiter.hit(key, rule)).toMatchObject({ count: i, allowed: true });
      const blocked = await limiter.hit(key, rule);
      expect(blocked.allowed).toBe(false);
      expect(blocked.retryAfterMs).toBeGreaterThan(0);
      expect(blocked.retryAfterMs).toBeLessThanOrEqual(60_000);
      expect((await limiter.peek(key, rule)).count).toBe(4);
    });

    it('keeps keys apart and forgets a key on reset', async () => {
      expect((await limiter.peek(`${key}-other`, rule)).count).toBe(0);
      await limiter.reset(key);
      expect(await limiter.peek(key, rule)).toMatchObject({ count: 0, allowed: true });
    });

    it('counts concurrent hits one by one: of 300 at once exactly `limit` are allowed', async () => {
      const burst = `${key}-burst`;
      const states = await Promise.all(Array.from({ length: 300 }, () => limiter.hit(burst, rule)));
      expect(states.filter((s) => s.allowed)).toHaveLength(rule.limit);
      expect(states.map((s) => s.count).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 300 }, (_, i) => i + 1),
      );
    });

    it('release gives one hit back, never below zero, and creates nothing for an unknown key', async () => {
      const slot = `${key}-slot`;
      for (let i = 0; i < 4; i++) await limiter.hit(slot, rule);
      await limiter.release(slot);
      expect(await limiter.peek(slot, rule)).toMatchObject({ count: 3, allowed: true });
      for (let i = 0; i < 5; i++) await limiter.release(slot);
      expect((await limiter.peek(slot, rule)).count).toBe(0);
      await limiter.release(`${key}-never`);
      expect((await limiter.peek(`${key}-never`, rule)).count).toBe(0);
      expect(await limiter.hit(`${key}-never`, rule)).toMatchObject({ count: 1, allowed: true });
    });

    it.runIf(canMoveClock)('starts a new window when the old one ends', async () => {
      for (let i = 0; i < 4; i++) await limiter.hit(key, rule);
      clock.t += 60_001;
      expect(await limiter.hit(key, rule)).toMatchObject({ count: 1, allowed: true });
    });
  });
}

behaves('memory rate limiter', (clock) => createMemoryRateLimiter(() => clock.t), true);
if (process.env.REDIS_URL)
  behaves(
    'redis rate limiter',
    () => createRedisRateLimiter(process.env.REDIS_URL!, `test:${process.pid}:`),
    false,
  );
