import { ApiError, logout as logoutCall, refreshAccess, type ApiClient } from '@marquee/api-client';
import type { LoginResponse } from '@marquee/contract';
import { useEffect, useSyncExternalStore } from 'react';

/**
 * The TV's session (accounts-and-commerce §4 Session): the access token with its expiry and the
 * refresh token, kept in localStorage. The access token is refreshed 60 s before it expires; under
 * 60 s left counts as expired. A refresh that fails on the network is retried after 5 s; any other
 * failure signs the TV out.
 */
export const ACCESS_TOKEN_KEY = 'marquee.tv.accessToken';
const REFRESH_TOKEN_KEY = 'marquee.tv.refreshToken';
const EXPIRES_AT_KEY = 'marquee.tv.expiresAt';
const DEVICE_ID_KEY = 'marquee.tv.deviceId';
const DEVICE_SECRET_KEY = 'marquee.tv.deviceSecret';

export const REFRESH_BEFORE_MS = 60_000;
export const NETWORK_RETRY_MS = 5_000;

export type TvSession = { accessToken: string; refreshToken: string; expiresAt: number };

const storage = (): Storage | null => (typeof localStorage === 'undefined' ? null : localStorage);
const listeners = new Set<() => void>();
let cached: TvSession | null | undefined;

function read(): TvSession | null {
  const s = storage();
  const accessToken = s?.getItem(ACCESS_TOKEN_KEY);
  const refreshToken = s?.getItem(REFRESH_TOKEN_KEY);
  const expiresAt = Number(s?.getItem(EXPIRES_AT_KEY));
  if (!accessToken || !refreshToken || !Number.isFinite(expiresAt)) return null;
  return { accessToken, refreshToken, expiresAt };
}

/** The stored session, or null (the same object until it changes, for useSyncExternalStore). */
export function getSession(): TvSession | null {
  if (cached === undefined) cached = read();
  return cached;
}

function changed() {
  cached = undefined;
  for (const listener of listeners) listener();
}

export function saveSession(login: LoginResponse, now = Date.now()) {
  const s = storage();
  s?.setItem(ACCESS_TOKEN_KEY, login.token);
  s?.setItem(REFRESH_TOKEN_KEY, login.refreshToken);
  s?.setItem(EXPIRES_AT_KEY, String(now + login.expiresIn * 1000));
  changed();
}

export function clearSession() {
  const s = storage();
  for (const key of [ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY, EXPIRES_AT_KEY]) s?.removeItem(key);
  changed();
}

/** Signs the TV out: the server revokes the session (best effort), the TV forgets it. */
export async function signOut(api: ApiClient) {
  const session = getSession();
  clearSession();
  if (session) await logoutCall(api, session.refreshToken).catch(() => undefined);
}

/** The current session; re-renders when it changes (also from another tab). */
export function useSession(): TvSession | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      const onStorage = (event: StorageEvent) => {
        if (event.key?.startsWith('marquee.tv.')) changed();
      };
      window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(listener);
        window.removeEventListener('storage', onStorage);
      };
    },
    getSession,
    () => null,
  );
}

/**
 * Keeps `session` fresh: refreshes it 60 s before expiry (at once when less is left), retries
 * after 5 s when the network fails, and signs out on any other failure. Returns the stop function.
 */
export function keepSessionFresh(api: ApiClient, session: TvSession, now = Date.now): () => void {
  let timer: ReturnType<typeof setTimeout>;
  let stopped = false;
  const refresh = async () => {
    try {
      const login = await refreshAccess(api, session.refreshToken);
      if (!stopped) saveSession(login, now());
    } catch (error) {
      if (stopped) return;
      if (error instanceof ApiError && error.code === 'network')
        timer = setTimeout(refresh, NETWORK_RETRY_MS);
      else clearSession();
    }
  };
  timer = setTimeout(refresh, Math.max(0, session.expiresAt - REFRESH_BEFORE_MS - now()));
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/** Keeps the current session fresh while the app runs. */
export function useSessionRefresh(api: ApiClient) {
  const session = useSession();
  useEffect(() => (session ? keepSessionFresh(api, session) : undefined), [api, session]);
}

/** This TV's own id for device activation: made once, then kept. */
export function getDeviceId(): string {
  const s = storage();
  const existing = s?.getItem(DEVICE_ID_KEY);
  if (existing) return existing;
  // crypto.getRandomValues works outside secure contexts too (TV apps are often served over http).
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const id = `tv-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
  s?.setItem(DEVICE_ID_KEY, id);
  return id;
}

/**
 * This TV's registration for activation by code (decision 0038): its id, and the secret the
 * server handed out for it, which polls and later registrations present.
 */
export interface DeviceKeys {
  id(): string;
  secret(): string | undefined;
  saveSecret(secret: string): void;
  /** Forgets the id and the secret (another device holds the id): the next id() is a new one. */
  renew(): void;
}

/** The device keys in localStorage, next to the session. */
export const storedDeviceKeys: DeviceKeys = {
  id: getDeviceId,
  secret: () => storage()?.getItem(DEVICE_SECRET_KEY) ?? undefined,
  saveSecret: (secret) => storage()?.setItem(DEVICE_SECRET_KEY, secret),
  renew() {
    storage()?.removeItem(DEVICE_ID_KEY);
    storage()?.removeItem(DEVICE_SECRET_KEY);
  },
};
