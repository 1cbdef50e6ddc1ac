import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectRedis, forgiving } from '../../src/infra/redis';
import { createHarness } from '../harness';

/** Nothing listens on port 1: every command fails once the client gives up or closes. */
const NO_REDIS = 'redis://127.0.0.1:1';

// An unhandled rejection ends a Node 20 process: a Redis outage must never cause one.
let unhandled: unknown[];
const record = (reason: unknown) => void unhandled.push(reason);
beforeEach(() => {
  unhandled = [];
  process.on('unhandledRejection', record);
});
afterEach(() => void process.off('unhandledRejection', record));

/** Long enough for rejections of the current turn to be reported as unhandled. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('forgiving Redis client', () => {
  it('marks a failed command that nobody awaits as handled; an awaited one still fails', async () => {
    const client = forgiving(connectRedis(NO_REDIS));
    void client.publish('channel', 'lost');
    const awaited = client.get('key');
    client.disconnect();
    await expect(awaited).rejects.toThrow();
    await settle();
    expect(unhandled).toEqual([]);
  });
});

describe('the realtime gateway on a Redis that does not answer', () => {
  it('an app closed at once closes promptly and leaves no subscription of the Redis adapter to reject unhandled', async () => {
    const h = await createHarness({ env: { REDIS_URL: NO_REDIS } });
    await h.close();
    await settle();
    expect(unhandled).toEqual([]);
  });
});
