import {
  createSessionStore,
  logout as logoutCall,
  refreshAccess,
  type ApiClient,
  type SessionStorage,
  type SessionTokens,
} from '@marquee/api-client';
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

export { NETWORK_RETRY_MS, REFRESH_LEAD_MS as REFRESH_BEFORE_MS } from '@marquee/api-client';

export type TvSession = SessionTokens;

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

/** The TV's three localStorage keys, cached until they change (for useSyncExternalStore). */
const tvStorage: SessionStorage<TvSession> = {
  read() {
    if (cached === undefined) cached = read();
    return cached;
  },
  write(value) {
    const s = storage();
    if (value) {
      s?.setItem(ACCESS_TOKEN_KEY, value.accessToken);
      s?.setItem(REFRESH_TOKEN_KEY, value.refreshToken);
      s?.setItem(EXPIRES_AT_KEY, String(value.expiresAt));
    } else {
      for (const key of [ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY, EXPIRES_AT_KEY]) s?.removeItem(key);
    }
    changed();
  },
};

const fromLogin = (login: LoginResponse, expiresAt: number): TvSession => ({
  accessToken: login.token,
  refreshToken: login.refreshToken,
  expiresAt,
});

/** The TV's session store (shared with the web: @marquee/api-client), its refresh through `api`. */
function tvSessionStore(api: ApiClient, now: () => number = Date.now) {
  return createSessionStore({
    storage: tvStorage,
    refreshAccess: (refreshToken) => refreshAccess(api, refreshToken),
    logout: (refreshToken) => logoutCall(api, refreshToken),
    fromLogin,
    now,
  });
}

/** The stored session, or null (the same object until it changes, for useSyncExternalStore). */
export function getSession(): TvSession | null {
  return tvStorage.read();
}

function changed() {
  cached = undefined;
  for (const listener of listeners) listener();
}

export function saveSession(login: LoginResponse, now = Date.now()) {
  tvStorage.write(fromLogin(login, now + login.expiresIn * 1000));
}

export function clearSession() {
  tvStorage.write(null);
}

/** Signs the TV out: the server revokes the session (best effort), the TV forgets it. */
export async function signOut(api: ApiClient) {
  await tvSessionStore(api).signOut();
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
 * Keeps the stored session fresh: refreshes it 60 s before expiry (at once when less is left),
 * retries after 5 s when the network fails, and signs out on any other failure. Returns the stop
 * function. `session` is the one the caller saw; the store reads the same from storage.
 */
export function keepSessionFresh(api: ApiClient, session: TvSession, now = Date.now): () => void {
  void session;
  return tvSessionStore(api, now).start();
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
