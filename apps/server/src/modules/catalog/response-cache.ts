import { EncodedBody } from '../../plugins/compression';
/**
 * A small in-memory LRU of serialized JSON responses (UTF-8 bytes, so nothing is re-encoded per hit), keyed by host + URL (which holds the site and
 * the query). Entries live a few seconds, so edits made by other processes (the seed, an admin on
 * another node) show up quickly without any invalidation message.
 */
export type ResponseCache = ReturnType<typeof createResponseCache>;

/** Every live cache of this process, weakly held, so bulk writers can clear them all. */
const liveCaches = new Set<WeakRef<{ clear(): void }>>();

/** Lets `invalidateResponseCaches` clear this cache too (held weakly: it goes with its owner). */
export function trackForBulkInvalidation(cache: { clear(): void }): void {
  liveCaches.add(new WeakRef(cache));
}

/** Clears every response cache in this process (the seed calls it; other processes wait out the TTL). */
export function invalidateResponseCaches(): void {
  for (const ref of liveCaches) {
    const cache = ref.deref();
    if (cache) cache.clear();
    else liveCaches.delete(ref);
  }
}

export function createResponseCache(opts: { max?: number; ttlMs?: number } = {}) {
  const max = opts.max ?? 2_000;
  const ttlMs = opts.ttlMs ?? 5_000;
  const entries = new Map<string, { at: number; body: EncodedBody }>();

  const cache = {
    ttlMs,
    get(key: string, now = Date.now()): EncodedBody | undefined {
      const hit = entries.get(key);
      if (!hit) return undefined;
      if (now - hit.at >= ttlMs) {
        entries.delete(key);
        return undefined;
      }
      // Refresh recency: Map keeps insertion order, so re-insert to mark as most recently used.
      entries.delete(key);
      entries.set(key, hit);
      return hit.body;
    },
    /** Keeps `body` (compressed variants are made once, on first need) and returns it. */
    set(key: string, body: Buffer, now = Date.now()): EncodedBody {
      const encoded = new EncodedBody(body);
      entries.delete(key);
      entries.set(key, { at: now, body: encoded });
      while (entries.size > max) entries.delete(entries.keys().next().value as string);
      return encoded;
    },
    clear: () => entries.clear(),
    get size() {
      return entries.size;
    },
  };
  trackForBulkInvalidation(cache);
  return cache;
}
