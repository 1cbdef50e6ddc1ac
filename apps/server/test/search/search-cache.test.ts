import { describe, expect, it } from 'vitest';
import { createSearchCache } from '../../src/modules/search/search-cache';

const body = (bytes: number) => Buffer.alloc(bytes, 'x');

describe('search cache', () => {
  it('answers a key within its time to live, and not after', () => {
    const cache = createSearchCache({ ttlMs: 1_000 });
    cache.set('k', body(3), 0);
    expect(cache.get('k', 999)?.length).toBe(3);
    expect(cache.get('k', 1_000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops the least recently used entry past its count', () => {
    const cache = createSearchCache({ maxEntries: 2 });
    cache.set('a', body(1), 0);
    cache.set('b', body(1), 0);
    cache.get('a', 0);
    cache.set('c', body(1), 0);
    expect([cache.get('a', 0), cache.get('b', 0), cache.get('c', 0)].map((x) => x !== undefined)).toEqual([
      true,
      false,
      true,
    ]);
  });

  it('keeps its bytes under the bound, and never keeps a body larger than the bound', () => {
    const cache = createSearchCache({ maxBytes: 10 });
    cache.set('a', body(4), 0);
    cache.set('b', body(4), 0);
    cache.set('c', body(4), 0);
    expect(cache.bytes).toBe(8);
    expect(cache.get('a', 0)).toBeUndefined();
    cache.set('big', body(11), 0);
    expect(cache.get('big', 0)).toBeUndefined();
    expect(cache.bytes).toBe(8);
  });
});
