import { connectRedis } from './redis';

/**
 * Revoked sessions (refresh-token families; an access token's `sid`, a media key token's `sid`),
 * shared by every server process when Redis is configured (`REDIS_URL`), else kept in this process
 * (decision 0037). Every bearer request and every content-key request asks `isRevoked`.
 */
export interface SessionStore {
  /**
   * True once the session was revoked. Answers from this process's memory when it can (a plain
   * boolean, no promise): always with the memory store, and with Redis for a session checked less
   * than `CHECK_TTL_MS` ago or revoked by this process.
   */
  isRevoked(sessionId: string): boolean | Promise<boolean>;
  /** Revokes the sessions; every process refuses them within `CHECK_TTL_MS`. */
  revoke(sessionIds: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

/** How long a process trusts a Redis answer "not revoked" before asking again: the cross-node bound. */
export const CHECK_TTL_MS = 1_000;
/** Remembered answers per process; the map is emptied when full, so a flood of ids cannot grow it. */
const CACHE_LIMIT = 50_000;

/**
 * `retentionMs` is how long a revocation is kept: at least the longest life of a token that carries
 * a session id (the access token and the media token), after which such a token has expired anyway.
 */
export function createMemorySessionStore(
  retentionMs: number,
  now: () => number = () => Date.now(),
): SessionStore {
  const revoked = new Map<string, number>();
  let writes = 0;
  return {
    isRevoked(sessionId) {
      const until = revoked.get(sessionId);
      return until !== undefined && until > now();
    },
    async revoke(sessionIds) {
      // Drop lapsed revocations now and then, so the map holds only those still needed.
      if (++writes % 1024 === 0) for (const [id, until] of revoked) if (until <= now()) revoked.delete(id);
      for (const id of sessionIds) revoked.set(id, now() + retentionMs);
    },
    async close() {
      revoked.clear();
    },
  };
}

/**
 * Revocations as Redis keys `{prefix}sess:rev:{sid}` (expiring after `retentionMs`). Each process
 * remembers what it read: "revoked" for good, "not revoked" for `CHECK_TTL_MS` of its clock `now`,
 * so a session's requests cost one Redis read per second per process and otherwise a Map lookup.
 */
export function createRedisSessionStore(
  url: string,
  prefix: string,
  retentionMs: number,
  now: () => number = () => Date.now(),
): SessionStore {
  const redis = connectRedis(url);
  const k = (sessionId: string) => `${prefix}sess:rev:${sessionId}`;
  /** true: revoked; a number: not revoked when read at that time; a promise: a read in flight. */
  const known = new Map<string, true | number | Promise<boolean>>();
  const remember = (sessionId: string, value: true | number | Promise<boolean>) => {
    if (known.size >= CACHE_LIMIT) known.clear();
    known.set(sessionId, value);
  };
  return {
    isRevoked(sessionId) {
      const hit = known.get(sessionId);
      if (hit === true) return true;
      if (typeof hit === 'number' && now() - hit < CHECK_TTL_MS) return false;
      if (hit instanceof Promise) return hit;
      const read = redis.exists(k(sessionId)).then(
        (n) => {
          const isRevoked = n > 0;
          if (known.get(sessionId) === read) remember(sessionId, isRevoked ? true : now());
          return isRevoked;
        },
        (err: unknown) => {
          if (known.get(sessionId) === read) known.delete(sessionId);
          throw err;
        },
      );
      remember(sessionId, read);
      return read;
    },
    async revoke(sessionIds) {
      if (sessionIds.length === 0) return;
      const multi = redis.multi();
      for (const id of sessionIds) multi.set(k(id), '1', 'PX', retentionMs);
      await multi.exec();
      for (const id of sessionIds) remember(id, true);
    },
    async close() {
      known.clear();
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
