import { hash, verify } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPasswordHasher, HASHER_LIMITS, type HashEngine } from '../../src/infra/password-hasher';
import { LIMITS } from '../../src/modules/recovery/recovery.service';
import { recoveryHarness, START } from './fixtures';

/** Real argon2, counted: every password verify of the forced reset goes through it. */
let verifies = 0;
const countingEngine: HashEngine = {
  verify: async (hashed, password) => {
    verifies++;
    return verify(hashed, password);
  },
  hash: (password, options) => hash(password, options),
  close: async () => {},
};

let t: Awaited<ReturnType<typeof recoveryHarness>>;
beforeAll(async () => {
  t = await recoveryHarness({
    context: {
      // Queues long enough that the limiter, not the hashing queue, decides the burst.
      passwords: createPasswordHasher({
        engine: countingEngine,
        concurrency: 2,
        limits: { ...HASHER_LIMITS, queuedPerSource: 1000, queued: 1000 },
      }),
    },
  });
});
afterAll(() => t.close());

describe('POST /api/reset/pw/expired under a burst', () => {
  it('a concurrent burst from one IP over many accounts runs at most the IP limit of verifies', async () => {
    const accounts = 3 * LIMITS.expiredPerIp.limit;
    for (let i = 0; i < accounts; i++)
      await t.user({ email: `burst-${i}@acme.test`, passwordExpiresAt: START - 3600_000 });
    verifies = 0;
    const answers = await Promise.all(
      Array.from({ length: accounts }, (_, i) =>
        t.request(
          'POST',
          '/api/reset/pw/expired',
          { site: 'acme', email: `burst-${i}@acme.test`, password: 'wrong guess', newPassword: 'secret6' },
          { ip: '10.66.0.1' },
        ),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(LIMITS.expiredPerIp.limit);
    expect(statuses.filter((s) => s !== 401).every((s) => s === 429)).toBe(true);
    expect(verifies).toBeLessThanOrEqual(LIMITS.expiredPerIp.limit);
  });
});
