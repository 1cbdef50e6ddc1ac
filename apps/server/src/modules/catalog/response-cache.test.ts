import { describe, expect, it } from 'vitest';
import { createResponseCache, invalidateResponseCaches } from './response-cache';

describe('response cache', () => {
  it('expires entries after the TTL', () => {
    const c = createResponseCache({ ttlMs: 1000 });
    c.set('a', Buffer.from('1'), 0);
    expect(c.get('a', 999)?.body.toString()).toBe('1');
    expect(c.get('a', 1000)).toBeUndefined();
  });
  it('evicts the least recently used entry past the size limit', () => {
    const c = createResponseCache({ max: 2 });
    c.set('a', Buffer.from('1'));
    c.set('b', Buffer.from('2'));
    c.get('a');
    c.set('c', Buffer.from('3'));
    expect(c.get('b')).toBeUndefined();
    expect(c.get('a')?.body.toString()).toBe('1');
    expect(c.size).toBe(2);
    c.clear();
    expect(c.size).toBe(0);
  });
  it('can be cleared process-wide', () => {
    const a = createResponseCache();
    const b = createResponseCache();
    a.set('k', Buffer.from('1'));
    b.set('k', Buffer.from('2'));
    invalidateResponseCaches();
    expect(a.size + b.size).toBe(0);
  });
});
