import { afterAll, describe, expect, it } from 'vitest';
import {
  createPasswordHasher,
  HasherBusyError,
  HASHER_LIMITS,
  type HashEngine,
} from '../../src/infra/password-hasher';

/** An engine whose hashes end only when the test says so, in the order it says. */
function controlledEngine() {
  const running: Array<{ password: string; finish: () => void }> = [];
  const engine: HashEngine = {
    verify: (_hash, password) =>
      new Promise<boolean>((resolve) => running.push({ password, finish: () => resolve(false) })),
    hash: (password) =>
      new Promise<string>((resolve) => running.push({ password, finish: () => resolve(`h:${password}`) })),
    close: async () => {},
  };
  /** Ends the oldest running hash and lets the queue start the next one. */
  const finishOldest = async () => {
    running.shift()!.finish();
    await new Promise((r) => setImmediate(r));
  };
  return { engine, running, finishOldest };
}

describe('password hasher: fairness between sources', () => {
  it("serves another source's login next while one source's burst waits in its own queue", async () => {
    const { engine, running, finishOldest } = controlledEngine();
    const hasher = createPasswordHasher({ engine, concurrency: 1 });
    const order: string[] = [];
    const burst = Array.from({ length: 6 }, (_, i) =>
      hasher.verify('h', `attacker-${i}`, '203.0.113.9').then(() => order.push(`attacker-${i}`)),
    );
    await new Promise((r) => setImmediate(r));
    expect(running.map((r) => r.password)).toEqual(['attacker-0']);
    const owner = hasher.verify('h', 'owner', '192.0.2.20').then(() => order.push('owner'));
    const other = hasher.hash('newcomer', '192.0.2.30').then(() => order.push('newcomer'));
    await finishOldest();
    // One hash of the burst ran; the two other sources go before the burst's second.
    expect(running.map((r) => r.password)).toEqual(['owner']);
    await finishOldest();
    expect(running.map((r) => r.password)).toEqual(['newcomer']);
    await finishOldest();
    expect(running.map((r) => r.password)).toEqual(['attacker-1']);
    // A source with nothing waiting or running comes back ahead of the burst again.
    const again = hasher.verify('h', 'owner-again', '192.0.2.20').then(() => order.push('owner-again'));
    await finishOldest();
    expect(running.map((r) => r.password)).toEqual(['owner-again']);
    while (running.length) await finishOldest();
    await Promise.all([...burst, owner, other, again]);
    expect(order.slice(0, 5)).toEqual(['attacker-0', 'owner', 'newcomer', 'attacker-1', 'owner-again']);
    expect(hasher.stats()).toEqual({ running: 0, queued: 0 });
  });

  it('refuses with 429 (Retry-After) once a source has its queue full; other sources still queue', async () => {
    const { engine, running, finishOldest } = controlledEngine();
    const hasher = createPasswordHasher({ engine, concurrency: 1 });
    const accepted = Array.from({ length: 1 + HASHER_LIMITS.queuedPerSource }, (_, i) =>
      hasher.verify('h', `a${i}`, 'burst'),
    );
    const refused = await hasher.verify('h', 'one too many', 'burst').catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(HasherBusyError);
    expect(refused).toMatchObject({ statusCode: 429, retryAfterSeconds: HASHER_LIMITS.retryAfterSeconds });
    const owner = hasher.verify('h', 'owner', 'someone else');
    expect(hasher.stats()).toEqual({ running: 1, queued: HASHER_LIMITS.queuedPerSource + 1 });
    while (running.length) await finishOldest();
    await Promise.all([...accepted, owner]);
  });

  it("past the shared bound a source's second hash is refused, another source's first still waits", async () => {
    const { engine, running, finishOldest } = controlledEngine();
    const limits = { queuedPerSource: 8, queued: 2, retryAfterSeconds: 1 };
    const hasher = createPasswordHasher({ engine, concurrency: 1, limits });
    const flood = ['a', 'b', 'c'].map((ip) => hasher.verify('h', ip, ip));
    expect(hasher.stats()).toEqual({ running: 1, queued: 2 });
    await expect(hasher.verify('h', 'b again', 'b')).rejects.toBeInstanceOf(HasherBusyError);
    const owner = hasher.verify('h', 'owner', 'owner');
    expect(hasher.stats()).toEqual({ running: 1, queued: 3 });
    while (running.length) await finishOldest();
    await Promise.all([...flood, owner]);
  });

  it('runs at most `concurrency` hashes at once', async () => {
    const { engine, running, finishOldest } = controlledEngine();
    const hasher = createPasswordHasher({ engine, concurrency: 2 });
    const all = Array.from({ length: 5 }, (_, i) => hasher.verify('h', `p${i}`, `source-${i}`));
    await new Promise((r) => setImmediate(r));
    expect(running).toHaveLength(2);
    while (running.length) {
      expect(running.length).toBeLessThanOrEqual(2);
      await finishOldest();
    }
    await Promise.all(all);
  });
});

describe('password hasher: argon2id in worker threads', () => {
  const hasher = createPasswordHasher({ concurrency: 1 });
  afterAll(() => hasher.close());

  it('hashes and verifies off the main thread; a wrong password or a malformed hash is false', async () => {
    const hashed = await hasher.hash('s3cret', '192.0.2.1');
    expect(hashed).toMatch(/^\$argon2id\$v=19\$m=65536,t=2,p=1\$/);
    expect(await hasher.verify(hashed, 's3cret', '192.0.2.1')).toBe(true);
    expect(await hasher.verify(hashed, 'wrong', '192.0.2.1')).toBe(false);
    expect(await hasher.verify('not a hash', 's3cret')).toBe(false);
  });
});
