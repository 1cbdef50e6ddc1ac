import type { LoginResponse } from '@marquee/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './errors';
import { createSessionStore, NETWORK_RETRY_MS, REFRESH_LEAD_MS, type SessionTokens } from './session';

const T0 = Date.parse('2026-03-01T12:00:00.000Z');
const login = (n: number, expiresIn = 900): LoginResponse =>
  ({ token: `access-${n}`, refreshToken: `refresh-${n}`, expiresIn }) as LoginResponse;

describe('the shared session store (accounts-and-commerce §4 Session)', () => {
  let now: number;
  let stored: SessionTokens | null;
  let answers: Array<() => Promise<LoginResponse>>;
  let refreshCalls: string[];
  let logoutCalls: string[];
  const make = () =>
    createSessionStore<SessionTokens>({
      storage: { read: () => stored, write: (value) => void (stored = value) },
      refreshAccess: (token) => {
        refreshCalls.push(token);
        const next = answers.shift();
        return next ? next() : Promise.reject(new Error('no more answers'));
      },
      logout: async (token) => void logoutCalls.push(token),
      fromLogin: (l, expiresAt) => ({ accessToken: l.token, refreshToken: l.refreshToken, expiresAt }),
      now: () => now,
    });
  const advance = async (ms: number) => {
    now += ms;
    await vi.advanceTimersByTimeAsync(ms);
  };
  beforeEach(() => {
    vi.useFakeTimers();
    now = T0;
    stored = null;
    answers = [];
    refreshCalls = [];
    logoutCalls = [];
  });
  afterEach(() => vi.useRealTimers());

  it('signs in, tells its listeners and hands out a fresh token without a refresh', async () => {
    const store = make();
    const seen: Array<string | undefined> = [];
    store.subscribe(() => seen.push(store.get()?.accessToken));
    store.signIn(login(1));
    expect(stored).toEqual({ accessToken: 'access-1', refreshToken: 'refresh-1', expiresAt: T0 + 900_000 });
    expect(seen).toEqual(['access-1']);
    expect(await store.validToken()).toBe('access-1');
    expect(refreshCalls).toEqual([]);
  });

  it('"under 60 s left counts as expired": one refresh for many callers (the refresh token is single use)', async () => {
    const store = make();
    store.signIn(login(1, 59));
    let release!: () => void;
    answers.push(() => new Promise((resolve) => (release = () => resolve(login(2)))));
    const tokens = Promise.all([store.validToken(), store.validToken(), store.validToken()]);
    await advance(0);
    release();
    expect(await tokens).toEqual(['access-2', 'access-2', 'access-2']);
    expect(refreshCalls).toEqual(['refresh-1']);
  });

  it('once started, refreshes 60 s before expiry, retries 5 s after a network failure, signs out on a refusal', async () => {
    const store = make();
    store.signIn(login(1));
    const stop = store.start();
    answers.push(
      () => Promise.reject(new ApiError(0, 'network', 'offline')),
      () => Promise.resolve(login(2)),
    );
    await advance(900_000 - REFRESH_LEAD_MS - 1);
    expect(refreshCalls).toHaveLength(0);
    await advance(1);
    expect(refreshCalls).toEqual(['refresh-1']);
    expect(store.get()?.accessToken).toBe('access-1');
    await advance(NETWORK_RETRY_MS);
    expect(refreshCalls).toEqual(['refresh-1', 'refresh-1']);
    expect(store.get()?.accessToken).toBe('access-2');
    answers.push(() => Promise.reject(new ApiError(401, 'invalidRefreshToken', 'nope')));
    await advance(900_000 - REFRESH_LEAD_MS);
    expect(refreshCalls).toEqual(['refresh-1', 'refresh-1', 'refresh-2']);
    expect(store.get()).toBeNull();
    expect(stored).toBeNull();
    stop();
  });

  it('leaves a token another tab has already replaced, and refreshes a refused one even if it looks fresh', async () => {
    const store = make();
    store.signIn(login(1));
    stored = { accessToken: 'access-9', refreshToken: 'refresh-9', expiresAt: T0 + 900_000 };
    expect(await store.refresh('access-1')).toBe('access-9');
    expect(refreshCalls).toEqual([]);
    answers.push(() => Promise.resolve(login(10)));
    expect(await store.refresh('access-9')).toBe('access-10');
    expect(refreshCalls).toEqual(['refresh-9']);
  });

  it('signs out: forgets the session first, then revokes its refresh token', async () => {
    const store = make();
    store.signIn(login(1));
    await store.signOut();
    expect(store.get()).toBeNull();
    expect(stored).toBeNull();
    expect(logoutCalls).toEqual(['refresh-1']);
  });
});
