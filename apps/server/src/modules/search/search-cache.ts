/**
 * Serialized search answers, least recently used first out, bounded by count and bytes (decision
 * 0084). A key holds the site's search version and its next scheduled publish time, so a write to
 * the rows a hit is built from, or a publish time passing, makes its site's entries unreachable at
 * once, on every node; the TTL bounds the one change neither announces: a hit leaving a
 * publishedWithin window (week, month, year) up to a minute late.
 */
export type SearchCache = ReturnType<typeof createSearchCache>;

export function createSearchCache(opts: { maxEntries?: number; maxBytes?: number; ttlMs?: number } = {}) {
  const maxEntries = opts.maxEntries ?? 2_000;
  const maxBytes = opts.maxBytes ?? 32 * 1024 * 1024;
  const ttlMs = opts.ttlMs ?? 60_000;
  const entries = new Map<string, { at: number; body: Buffer }>();
  let bytes = 0;

  const drop = (key: string) => {
    const hit = entries.get(key);
    if (!hit) return;
    entries.delete(key);
    bytes -= hit.body.length;
  };

  return {
    get(key: string, now: number): Buffer | undefined {
      const hit = entries.get(key);
      if (!hit) return undefined;
      drop(key);
      if (now - hit.at >= ttlMs) return undefined;
      // Map keeps insertion order: re-inserting marks it most recently used.
      entries.set(key, hit);
      bytes += hit.body.length;
      return hit.body;
    },
    set(key: string, body: Buffer, now: number): void {
      drop(key);
      if (body.length > maxBytes) return;
      entries.set(key, { at: now, body });
      bytes += body.length;
      for (const oldest of entries.keys()) {
        if (entries.size <= maxEntries && bytes <= maxBytes) break;
        drop(oldest);
      }
    },
    get size() {
      return entries.size;
    },
    get bytes() {
      return bytes;
    },
  };
}
