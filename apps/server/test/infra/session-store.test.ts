import { afterAll, describe, expect, it } from 'vitest';
import {
  CHECK_TTL_MS,
  createMemorySessionStore,
  createRedisSessionStore,
} from '../../src/infra/session-store';

const RETENTION_MS = 60_000;

describe('memory session store', () => {
  const clock = { t: 1_000_000 };
  const store = createMemorySessionStore(RETENTION_MS, () => clock.t);
  afterAll(() => store.close());

  it('answers synchronously: not revoked, then revoked, then forgotten after the retention', async () => {
    expect(store.isRevoked('s1')).toBe(false);
    await store.revoke(['s1', 's2']);
    expect(store.isRevoked('s1')).toBe(true);
    expect(store.isRevoked('s2')).toBe(true);
    expect(store.isRevoked('s3')).toBe(false);
    clock.t += RETENTION_MS;
    expect(store.isRevoked('s1')).toBe(false);
  });
});

describe.runIf(process.env.REDIS_URL)('Redis session store, two processes', () => {
  const prefix = `test:${process.pid}:${Math.random().toString(36).slice(2, 8)}:`;
  const clockA = { t: 1_000_000 };
  const clockB = { t: 1_000_000 };
  const a = createRedisSessionStore(process.env.REDIS_URL!, prefix, RETENTION_MS, () => clockA.t);
  const b = createRedisSessionStore(process.env.REDIS_URL!, prefix, RETENTION_MS, () => clockB.t);
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('B trusts its "not revoked" for less than CHECK_TTL_MS, then reads the revocation A wrote', async () => {
    expect(await b.isRevoked('s1')).toBe(false);
    // Cached: answered without Redis, as a plain boolean.
    expect(b.isRevoked('s1')).toBe(false);
    await a.revoke(['s1']);
    // The revoking process knows at once, without a read.
    expect(a.isRevoked('s1')).toBe(true);
    clockB.t += CHECK_TTL_MS - 1;
    expect(b.isRevoked('s1')).toBe(false);
    clockB.t += 1;
    expect(await b.isRevoked('s1')).toBe(true);
    // A revocation is remembered without asking again.
    expect(b.isRevoked('s1')).toBe(true);
  });

  it('keeps other sessions and other prefixes apart', async () => {
    const other = createRedisSessionStore(process.env.REDIS_URL!, `${prefix}x:`, RETENTION_MS);
    try {
      await a.revoke(['s2']);
      expect(await b.isRevoked('s3')).toBe(false);
      expect(await other.isRevoked('s2')).toBe(false);
    } finally {
      await other.close();
    }
  });
});
