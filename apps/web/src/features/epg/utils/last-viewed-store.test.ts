import { describe, expect, it } from 'vitest';
import { lastViewedKey, readLastViewed, recordLastViewed } from './last-viewed-store';

function memoryStore() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  };
}

describe('last-viewed channels in localStorage', () => {
  it('keeps one list per site, most recent first, without repeats, at most 5', () => {
    const store = memoryStore();
    for (const id of ['a', 'b', 'c', 'a', 'd', 'e', 'f']) recordLastViewed(store, 'demo', id);
    expect(readLastViewed(store, 'demo')).toEqual(['f', 'e', 'd', 'a', 'c']);
    expect(store.data.get(lastViewedKey('demo'))).toBe('["f","e","d","a","c"]');
    expect(readLastViewed(store, 'other')).toEqual([]);
  });
  it('survives missing or failing storage', () => {
    expect(readLastViewed(undefined, 'demo')).toEqual([]);
    expect(recordLastViewed(undefined, 'demo', 'a')).toEqual(['a']);
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
    };
    expect(readLastViewed(broken, 'demo')).toEqual([]);
    expect(recordLastViewed(broken, 'demo', 'a')).toEqual(['a']);
  });
});
