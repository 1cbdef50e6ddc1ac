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

/**
 * A client for a library that sends commands without handling their failures (the Socket.IO Redis
 * adapter publishes and subscribes and never awaits): each command's promise is marked handled, so
 * a Redis outage loses those messages, never the process (an unhandled rejection ends Node). A
 * caller that awaits a command still sees its failure.
 */
export function forgiving(client: Redis): Redis {
  return new Proxy(client, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const result: unknown = (value as (...a: unknown[]) => unknown).apply(target, args);
        if (result instanceof Promise) result.catch(() => {});
        return result;
      };
    },
  });
}
