import { Redis } from 'ioredis';

/**
 * A Redis connection as the stores use it: a command fails after two retries instead of waiting
 * for Redis to come back, so its request answers 503 with Retry-After (plugins/errors.ts), which
 * logs it. ioredis reconnects by itself; its connection errors would only repeat that log once per
 * attempt, so they are not printed.
 */
export function connectRedis(url: string): Redis {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: false });
  redis.on('error', () => {});
  return redis;
}
