import { createApiClient } from '@marquee/api-client';
import type { LoginResponse } from '@marquee/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createTvSession,
  getDeviceId,
  getSession,
  NETWORK_RETRY_MS,
  REFRESH_BEFORE_MS,
  storedDeviceKeys,
} from './session';

const T0 = Date.parse('2026-03-01T12:00:00.000Z');

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

const login = (n: number): LoginResponse =>
  ({ token: `access-${n}`, refreshToken: `refresh-${n}`, expiresIn: 900 }) as LoginResponse;

/** An API client whose refresh-access call answers with `answer` (a Response, or a thrown error). */
function apiAnswering(answers: Array<() => Response>) {
  const calls: string[] = [];
  const fetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    calls.push(String(init?.body));
    const next = answers.shift();
    if (!next) throw new Error('no more answers');
    return next();
  });
  return { api: createApiClient({ site: 'demo', source: 'generic', fetch }), calls };
}
const ok = (n: number) => () => new Response(JSON.stringify(login(n)), { status: 200 });
const offline = () => {
  throw new TypeError('Failed to fetch');
};
const rejected = () =>
  new Response(JSON.stringify({ error: { code: 'invalidRefreshToken', message: 'nope' } }), { status: 401 });

describe('TV session (accounts-and-commerce §4 Session)', () => {
  let now: number;
  beforeEach(() => {
    vi.useFakeTimers();
    now = T0;
    vi.stubGlobal('localStorage', memoryStorage());
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
  const advance = async (ms: number) => {
    now += ms;
    await vi.advanceTimersByTimeAsync(ms);
  };

  it('keeps the access token, the refresh token and the expiry; the access token under the key api.ts reads', async () => {
    const session = createTvSession(apiAnswering([]).api, () => now);
    session.signIn(login(1));
    expect(getSession()).toEqual({
      accessToken: 'access-1',
      refreshToken: 'refresh-1',
      expiresAt: T0 + 900_000,
    });
    expect(localStorage.getItem('marquee.tv.accessToken')).toBe('access-1');
    await session.signOut();
    expect(getSession()).toBeNull();
  });

  it('refreshes 60 s before expiry, not earlier', async () => {
    const { api, calls } = apiAnswering([ok(2)]);
    const session = createTvSession(api, () => now);
    session.signIn(login(1));
    const stop = session.start();
    await advance(900_000 - REFRESH_BEFORE_MS - 1);
    expect(calls).toHaveLength(0);
    await advance(1);
    expect(calls).toEqual([JSON.stringify({ token: 'refresh-1' })]);
    expect(getSession()?.accessToken).toBe('access-2');
    stop();
  });

  it('treats under 60 s left as expired: refreshes at once', async () => {
    const { api, calls } = apiAnswering([ok(2)]);
    const session = createTvSession(api, () => now);
    session.signIn({ ...login(1), expiresIn: 59 });
    const stop = session.start();
    await advance(0);
    expect(calls).toHaveLength(1);
    stop();
  });

  it('retries 5 s after a network failure', async () => {
    const { api, calls } = apiAnswering([offline, ok(2)]);
    const session = createTvSession(api, () => now);
    session.signIn({ ...login(1), expiresIn: 30 });
    const stop = session.start();
    await advance(0);
    expect(calls).toHaveLength(1);
    expect(getSession()?.accessToken).toBe('access-1');
    await advance(NETWORK_RETRY_MS - 1);
    expect(calls).toHaveLength(1);
    await advance(1);
    expect(calls).toHaveLength(2);
    expect(getSession()?.accessToken).toBe('access-2');
    stop();
  });

  it('signs out on any other failure', async () => {
    const { api } = apiAnswering([rejected]);
    const session = createTvSession(api, () => now);
    session.signIn({ ...login(1), expiresIn: 30 });
    session.start();
    await advance(0);
    expect(getSession()).toBeNull();
  });

  it('makes the device id once and keeps it', () => {
    const id = getDeviceId();
    expect(id).toMatch(/^tv-[0-9a-f]{32}$/);
    expect(getDeviceId()).toBe(id);
  });

  it('keeps the device secret next to the id, and forgets both on renew', () => {
    const keys = storedDeviceKeys;
    const id = keys.id();
    expect(keys.secret()).toBeUndefined();
    keys.saveSecret('s'.repeat(43));
    expect(localStorage.getItem('marquee.tv.deviceSecret')).toBe('s'.repeat(43));
    expect(keys.id()).toBe(id);
    keys.renew();
    expect(keys.secret()).toBeUndefined();
    expect(keys.id()).not.toBe(id);
  });
});
