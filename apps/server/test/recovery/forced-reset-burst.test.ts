import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/modules/recovery/recovery-limits';
import { countingPasswordHasher } from '../support/counting-hasher';
import { recoveryHarness, START } from './fixtures';

/** Real argon2, counted: every password verify of the forced reset goes through it. */
const { passwords, counter } = countingPasswordHasher();

let t: Awaited<ReturnType<typeof recoveryHarness>>;
beforeAll(async () => {
  t = await recoveryHarness({
    context: { passwords },
  });
});
afterAll(() => t.close());

describe('POST /api/reset/pw/expired under a burst', () => {
  it('a concurrent burst from one IP over many accounts runs at most the IP limit of verifies', async () => {
    const accounts = 3 * LIMITS.expiredPerIp.limit;
    for (let i = 0; i < accounts; i++)
      await t.user({ email: `burst-${i}@acme.test`, passwordExpiresAt: START - 3600_000 });
    counter.verifies = 0;
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
    expect(counter.verifies).toBeLessThanOrEqual(LIMITS.expiredPerIp.limit);
  });
});
