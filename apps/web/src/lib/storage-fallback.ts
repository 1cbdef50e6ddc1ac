/**
 * Where the browser denies web storage (an embed on a partner's page with third-party storage
 * blocked, some private modes), reading `localStorage` or `sessionStorage` throws a SecurityError.
 * The app then keeps those values in memory for this page (playback-and-social §2.2: "If session
 * storage is unsupported, the state is kept in memory only"; decision 0028). Imported first by main.
 */
export function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key: string) => map.get(String(key)) ?? null,
    key: (i: number) => [...map.keys()][i] ?? null,
    removeItem: (key: string) => void map.delete(String(key)),
    setItem: (key: string, value: string) => void map.set(String(key), String(value)),
  };
}

export function installStorageFallback(win: Window & typeof globalThis = window): string[] {
  const replaced: string[] = [];
  for (const name of ['localStorage', 'sessionStorage'] as const) {
    try {
      const s = win[name];
      // Safari's private mode used to hand out a storage that throws on write.
      s.setItem('__marquee_probe', '1');
      s.removeItem('__marquee_probe');
    } catch {
      try {
        Object.defineProperty(win, name, { value: memoryStorage(), configurable: true });
        replaced.push(name);
      } catch {
        // Nothing more to do: code reading storage guards itself.
      }
    }
  }
  return replaced;
}

if (typeof window !== 'undefined') installStorageFallback();
