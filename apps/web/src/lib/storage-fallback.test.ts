import { describe, expect, it } from 'vitest';
import { installStorageFallback, memoryStorage } from './storage-fallback';

describe('storage fallback (embeds with blocked third-party storage)', () => {
  it('replaces a storage whose getter throws with one in memory', () => {
    const win = {} as Window & typeof globalThis;
    Object.defineProperty(win, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('Access is denied for this document.', 'SecurityError');
      },
    });
    Object.defineProperty(win, 'sessionStorage', { configurable: true, value: memoryStorage() });
    expect(installStorageFallback(win)).toEqual(['localStorage']);
    win.localStorage.setItem('a', '1');
    expect(win.localStorage.getItem('a')).toBe('1');
    expect(win.localStorage.length).toBe(1);
    win.localStorage.removeItem('a');
    expect(win.localStorage.getItem('a')).toBeNull();
  });
  it('keeps working storage', () => {
    const local = memoryStorage();
    const win = { localStorage: local, sessionStorage: memoryStorage() } as unknown as Window &
      typeof globalThis;
    expect(installStorageFallback(win)).toEqual([]);
    expect(win.localStorage).toBe(local);
  });
});
