import { connectRedis } from './redis';

/** A counting window: at most `limit` hits per `windowMs` for one key. */
export type RateRule = { limit: number; windowMs: number };

export type RateState = {
  /** Hits counted in the current window, this one included. */
  count: number;
  /** True while the count is within the rule's limit. */
  allowed: boolean;
  /** Until the window ends; 0 when allowed. */
  retryAfterMs: number;
};

/**
 * Fixed-window counters shared by every server process when Redis is configured (`REDIS_URL`),
 * else kept in this process. Used for failed logins, wrong activation codes and reset requests.
 */
export interface RateLimiter {
  /** Counts one hit against `key`. */
  hit(key: string, rule: RateRule): Promise<RateState>;
  /** The state of `key` without counting a hit. */
  peek(key: string, rule: RateRule): Promise<RateState>;
  /**
   * Gives back one hit of the current window (never below zero; nothing when the window has
   * ended): a slot reserved with `hit` whose attempt turned out not to count.
   */
  release(key: string): Promise<void>;
  /** Forgets `key` (a successful login clears its failures). */
  reset(key: string): Promise<void>;
  /** Rejects when the store does not answer (the /readyz check). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const state = (count: number, rule: RateRule, ttlMs: number): RateState => {
  const allowed = count <= rule.limit;
  return { count, allowed, retryAfterMs: allowed ? 0 : Math.max(ttlMs, 1) };
};

export function createMemoryRateLimiter(now: () => number = () => Date.now()): RateLimiter {
  const windows = new Map<string, { count: number; endsAt: number }>();
  const current = (key: string) => {
    const w = windows.get(key);
    if (w && w.endsAt <= now()) {
      windows.delete(key);
      return undefined;
    }
    return w;
  };
  let hits = 0;
  return {
    async hit(key, rule) {
      // Drop ended windows now and then, so a flood of distinct keys cannot grow the map forever.
      if (++hits % 1024 === 0) for (const k of windows.keys()) current(k);
      const w = current(key) ?? { count: 0, endsAt: now() + rule.windowMs };
      w.count += 1;
      windows.set(key, w);
      return state(w.count, rule, w.endsAt - now());
    },
    async peek(key, rule) {
      const w = current(key);
      return w ? state(w.count, rule, w.endsAt - now()) : state(0, rule, 0);
    },
    async release(key) {
      const w = current(key);
      if (w && w.count > 0) w.count -= 1;
    },
    async reset(key) {
      windows.delete(key);
    },
    async ping() {},
    async close() {
      windows.clear();
    },
  };
}

/** DECR only a live window above zero, so a release never creates a key without an expiry. */
const RELEASE_SCRIPT = `local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n > 0 then return redis.call('DECR', KEYS[1]) end
return 0`;

export function createRedisRateLimiter(url: string, prefix: string): RateLimiter {
  const redis = connectRedis(url);
  const k = (key: string) => `${prefix}rl:${key}`;
  return {
    async hit(key, rule) {
      // INCR then set the window's expiry only when it has none (the first hit of the window).
      const [[, count], , [, ttl]] = (await redis
        .multi()
        .incr(k(key))
        .pexpire(k(key), rule.windowMs, 'NX')
        .pttl(k(key))
        .exec()) as [[null, number], [null, number], [null, number]];
      return state(count, rule, ttl);
    },
    async peek(key, rule) {
      const [[, count], [, ttl]] = (await redis.multi().get(k(key)).pttl(k(key)).exec()) as [
        [null, string | null],
        [null, number],
      ];
      return state(Number(count ?? 0), rule, ttl);
    },
    async release(key) {
      await redis.eval(RELEASE_SCRIPT, 1, k(key));
    },
    async reset(key) {
      await redis.del(k(key));
    },
    async ping() {
      await redis.ping();
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
