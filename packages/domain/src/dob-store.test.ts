import { describe, expect, it } from 'vitest';
import { DOB_STORAGE_KEY, readStoredDob, storeDob } from './dob-store';

function memoryStore() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  };
}

describe('the anonymous viewer\'s birth date in localStorage (§4.2 "as YYYYMMDD")', () => {
  it('stores YYYYMMDD and reads it back', () => {
    const store = memoryStore();
    expect(readStoredDob(store)).toBeNull();
    storeDob(store, 20010203);
    expect(store.data.get(DOB_STORAGE_KEY)).toBe('20010203');
    expect(readStoredDob(store)).toBe(20010203);
  });

  it('ignores a garbled value and survives missing or failing storage', () => {
    const store = memoryStore();
    store.data.set(DOB_STORAGE_KEY, '2001-02-03');
    expect(readStoredDob(store)).toBeNull();
    expect(readStoredDob(undefined)).toBeNull();
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
    };
    expect(readStoredDob(broken)).toBeNull();
    expect(() => storeDob(broken, 20010203)).not.toThrow();
  });
});
