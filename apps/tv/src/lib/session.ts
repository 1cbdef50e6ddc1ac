import {
  createViewerSession,
  logout as logoutCall,
  refreshAccess,
  type ApiClient,
  type SessionStorage,
  type SessionTokens,
  type ViewerSession,
} from '@marquee/api-client';
import type { LoginResponse } from '@marquee/contract';

/**
 * The TV's side of the viewer's session (accounts-and-commerce §4 Session): the access token with its
 * expiry and the refresh token in three localStorage keys, and this device's activation keys. The
 * session itself (refresh 60 s before expiry, retry after a network failure, sign-out on any other)
 * and its React binding are the client core's, as on the web.
 */
export const ACCESS_TOKEN_KEY = 'marquee.tv.accessToken';
const REFRESH_TOKEN_KEY = 'marquee.tv.refreshToken';
const EXPIRES_AT_KEY = 'marquee.tv.expiresAt';
const DEVICE_ID_KEY = 'marquee.tv.deviceId';
const DEVICE_SECRET_KEY = 'marquee.tv.deviceSecret';
const SESSION_KEYS = [ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY, EXPIRES_AT_KEY];

export { NETWORK_RETRY_MS, REFRESH_LEAD_MS as REFRESH_BEFORE_MS } from '@marquee/api-client';

export type TvSession = SessionTokens;

const storage = (): Storage | null => (typeof localStorage === 'undefined' ? null : localStorage);

/** The stored session, or null (the API clients read the access token here). */
export function getSession(): TvSession | null {
  const s = storage();
  const accessToken = s?.getItem(ACCESS_TOKEN_KEY);
  const refreshToken = s?.getItem(REFRESH_TOKEN_KEY);
  const expiresAt = Number(s?.getItem(EXPIRES_AT_KEY));
  if (!accessToken || !refreshToken || !Number.isFinite(expiresAt)) return null;
  return { accessToken, refreshToken, expiresAt };
}

const tvStorage: SessionStorage<TvSession> = {
  read: getSession,
  write(value) {
    const s = storage();
    if (value) {
      s?.setItem(ACCESS_TOKEN_KEY, value.accessToken);
      s?.setItem(REFRESH_TOKEN_KEY, value.refreshToken);
      s?.setItem(EXPIRES_AT_KEY, String(value.expiresAt));
    } else {
      for (const key of SESSION_KEYS) s?.removeItem(key);
    }
  },
};

const fromLogin = (login: LoginResponse, expiresAt: number): TvSession => ({
  accessToken: login.token,
  refreshToken: login.refreshToken,
  expiresAt,
});

/**
 * The TV's session, its refresh and logout through `api` (the platform type's client); the shell
 * mounts it with <SessionProvider>. Signed in as soon as it holds tokens: the screens that show the
 * user read it themselves (meQueryOptions).
 */
export function createTvSession(api: ApiClient, now: () => number = Date.now): ViewerSession<TvSession> {
  return createViewerSession({
    storage: tvStorage,
    refreshAccess: (refreshToken) => refreshAccess(api, refreshToken),
    logout: (refreshToken) => logoutCall(api, refreshToken),
    fromLogin,
    now,
    isSessionKey: (key) => SESSION_KEYS.includes(key),
    events: typeof window === 'undefined' ? undefined : window,
  });
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
