// The viewer's session (accounts-and-commerce §4 Session): tokens in localStorage shared by every tab,
// refreshed 60 s before expiry, the user from the login response or GET /v2/me/info.
import { ApiError, getMe, logout, refreshAccess } from '@marquee/api-client';
import type { LoginResponse, User } from '@marquee/contract';
import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { ACCESS_TOKEN_KEY, api, onUnauthorized, provideAccessToken, tokenlessApi } from './api';

export type SessionStatus = 'loading' | 'anonymous' | 'signedIn';

export type Session = {
  user: User | null;
  status: SessionStatus;
  /** True while an auth call (login, refresh, logout…) is in flight: the header shows "Connecting". */
  connecting: boolean;
  /** Stores a login response (tokens and user) and starts the refresh timer. */
  signIn: (response: LoginResponse) => void;
  /** Revokes the refresh token on the server and forgets the session. */
  signOut: () => Promise<void>;
  /** Re-reads /v2/me/info after a profile change. */
  refreshUser: () => Promise<void>;
  /** Counts an auth call as in flight (for "Connecting") until it settles. */
  track: <T>(call: Promise<T>) => Promise<T>;
};

/** A token is refreshed this long before it expires; with less left it counts as expired. */
export const REFRESH_LEAD_MS = 60_000;
/** A refresh that failed on the network is retried after this long. */
export const NETWORK_RETRY_MS = 5_000;

/** True while the access token has at least a minute left (spec §4: under 60 s counts as expired). */
export function isTokenFresh(expiresAt: number, now: number): boolean {
  return expiresAt - now >= REFRESH_LEAD_MS;
}

/** How long to wait before refreshing a token that expires at `expiresAt`. */
export function refreshDelayMs(expiresAt: number, now: number): number {
  return Math.max(0, expiresAt - REFRESH_LEAD_MS - now);
}

/** What a failed refresh leads to: a network failure retries in 5 s, anything else signs out. */
export function refreshFailureAction(error: unknown): 'retry' | 'signOut' {
  return error instanceof ApiError && error.status === 0 ? 'retry' : 'signOut';
}

/** `/login?odrc={intent}&…params`: where RequireLogin sends anonymous viewers. */
export function loginHref(intent: string, params: Record<string, string | undefined> = {}): string {
  const query = new URLSearchParams({ odrc: intent });
  for (const [key, value] of Object.entries(params)) if (value) query.set(key, value);
  return `/login?${query}`;
}

/** What one tab writes and every tab reads (a single key, so a `storage` event is never half a session). */
type StoredSession = { accessToken: string; expiresAt: number; refreshToken: string; user: User | null };

const SESSION_KEY = 'marquee.session';

function readStored(): StoredSession | null {
  try {
    const raw = localStorage.getItem(SESSION_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<StoredSession>;
    if (
      typeof value.accessToken !== 'string' ||
      typeof value.refreshToken !== 'string' ||
      typeof value.expiresAt !== 'number'
    ) {
      return null;
    }
    return { ...(value as StoredSession), user: value.user ?? null };
  } catch {
    return null;
  }
}

function writeStored(value: StoredSession | null) {
  if (value) {
    localStorage.setItem(SESSION_KEY, JSON.stringify(value));
    localStorage.setItem(ACCESS_TOKEN_KEY, value.accessToken);
  } else {
    localStorage.removeItem(SESSION_KEY);
    localStorage.removeItem(ACCESS_TOKEN_KEY);
  }
}

type Snapshot = { user: User | null; status: SessionStatus; connecting: boolean };

const initialSnapshot = (stored: StoredSession | null): Snapshot => ({
  user: stored?.user ?? null,
  status: !stored ? 'anonymous' : stored.user ? 'signedIn' : 'loading',
  connecting: false,
});

/** The session outside React: one per page, shared through SessionProvider. */
class SessionStore {
  private stored: StoredSession | null = null;
  // The first render already knows a visitor with no stored session is anonymous (no flash of
  // an empty header corner, no layout shift when Sign in appears).
  private snapshot: Snapshot = initialSnapshot(readStored());
  private inFlight = 0;
  private refreshing: Promise<string | null> | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private userTimer: ReturnType<typeof setTimeout> | undefined;
  /** After a network failure, calls use the old token until the scheduled retry (no refresh storm). */
  private retryRefreshAt = 0;
  private readonly listeners = new Set<() => void>();

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = () => this.snapshot;

  private set(patch: Partial<Snapshot>) {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }

  /** Reads the stored session, loads the user and follows other tabs. Returns the cleanup. */
  start(): () => void {
    provideAccessToken(() => this.validToken());
    // A refused token (revoked elsewhere, clock skew): refresh now; a refused refresh signs out.
    // Errors naming a field (a wrong current password) are about the form, not the session.
    onUnauthorized((error) => {
      if (!error.field && this.stored) void this.refresh(true);
    });
    this.adopt(readStored());
    if (this.stored) void this.loadUser();
    const onStorage = (event: StorageEvent) => {
      if (event.key === SESSION_KEY || event.key === null) this.adopt(readStored());
    };
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener('storage', onStorage);
      clearTimeout(this.timer);
      clearTimeout(this.userTimer);
    };
  }

  /** Takes a session (this tab's or another tab's) as the current one. */
  private adopt(next: StoredSession | null) {
    this.stored = next;
    clearTimeout(this.timer);
    if (!next) {
      this.set({ user: null, status: 'anonymous' });
      return;
    }
    this.set({ user: next.user ?? this.snapshot.user, status: next.user ? 'signedIn' : 'loading' });
    const now = Date.now();
    const delay = Math.max(refreshDelayMs(next.expiresAt, now), this.retryRefreshAt - now);
    this.timer = setTimeout(() => void this.refresh(), delay);
  }

  private save(next: StoredSession | null) {
    writeStored(next);
    this.adopt(next);
  }

  signIn = (response: LoginResponse) => {
    this.save({
      accessToken: response.token,
      refreshToken: response.refreshToken,
      expiresAt: Date.now() + response.expiresIn * 1000,
      user: response.user,
    });
  };

  signOut = async () => {
    const refreshToken = this.stored?.refreshToken;
    this.save(null);
    if (refreshToken) await this.track(logout(tokenlessApi, refreshToken)).catch(() => undefined);
  };

  refreshUser = async () => {
    await this.loadUser();
  };

  track = <T,>(call: Promise<T>): Promise<T> => {
    this.inFlight += 1;
    this.set({ connecting: true });
    const settle = () => {
      this.inFlight -= 1;
      this.set({ connecting: this.inFlight > 0 });
    };
    call.then(settle, settle);
    return call;
  };

  private async loadUser() {
    const before = this.stored;
    try {
      const user = await getMe(api);
      if (this.stored && this.stored.refreshToken === before?.refreshToken) {
        this.save({ ...this.stored, user });
      }
    } catch (error) {
      if (this.stored !== before) return;
      // A 401 has already started a refresh (onUnauthorized): it signs in again or signs out.
      if (error instanceof ApiError && error.status === 401) return;
      if (!this.snapshot.user) {
        // Offline at start-up without a cached user: try again shortly.
        clearTimeout(this.userTimer);
        this.userTimer = setTimeout(() => void this.loadUser(), NETWORK_RETRY_MS);
      }
    }
  }

  /** The access token to send: refreshed first when under 60 s are left. */
  async validToken(): Promise<string | null> {
    const current = this.stored;
    if (!current) return null;
    if (isTokenFresh(current.expiresAt, Date.now())) return current.accessToken;
    const refreshed = Date.now() < this.retryRefreshAt ? null : await this.refresh();
    // After a network failure the old token may still have some seconds left.
    if (refreshed) return refreshed;
    return this.stored && this.stored.expiresAt > Date.now() ? this.stored.accessToken : null;
  }

  /** One refresh at a time per page, and (with Web Locks) per browser: the refresh token is single use. */
  private refresh(force = false): Promise<string | null> {
    if (this.refreshing) return this.refreshing;
    const used = this.stored?.accessToken;
    const run = () => this.refreshOnce(force ? used : undefined);
    const locked: Promise<string | null> =
      typeof navigator !== 'undefined' && navigator.locks
        ? // The lock resolves with the callback's own promise (TypeScript's typing nests it).
          (navigator.locks.request('marquee.session.refresh', run) as unknown as Promise<string | null>)
        : run();
    const refreshing = locked.finally(() => {
      this.refreshing = null;
    });
    this.refreshing = refreshing;
    return refreshing;
  }

  /** `refused`: an access token the server rejected; refresh even if it looks fresh. */
  private async refreshOnce(refused?: string): Promise<string | null> {
    // Another tab may have refreshed while this one waited for the lock.
    const latest = readStored();
    if (!latest) {
      this.adopt(null);
      return null;
    }
    const replaced = refused !== undefined && latest.accessToken !== refused;
    if (replaced || (refused === undefined && isTokenFresh(latest.expiresAt, Date.now()))) {
      if (latest.accessToken !== this.stored?.accessToken) this.adopt(latest);
      return latest.accessToken;
    }
    try {
      const response = await this.track(refreshAccess(tokenlessApi, latest.refreshToken));
      this.retryRefreshAt = 0;
      this.signIn(response);
      return response.token;
    } catch (error) {
      if (refreshFailureAction(error) === 'retry') {
        this.retryRefreshAt = Date.now() + NETWORK_RETRY_MS;
        clearTimeout(this.timer);
        this.timer = setTimeout(() => void this.refresh(), NETWORK_RETRY_MS);
        return null;
      }
      this.save(null);
      return null;
    }
  }
}

const SessionContext = createContext<SessionStore | null>(null);

/** Owns the page's session; sits inside the query client and around the router. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [store] = useState(() => new SessionStore());
  useEffect(() => store.start(), [store]);
  return <SessionContext.Provider value={store}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const store = useContext(SessionContext);
  if (!store) throw new Error('useSession needs a SessionProvider');
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot);
  return {
    ...snapshot,
    signIn: store.signIn,
    signOut: store.signOut,
    refreshUser: store.refreshUser,
    track: store.track,
  };
}

/** Renders children for a signed-in user; sends others to /login with odrc={intent} and the params. */
export function RequireLogin({
  intent,
  params,
  children,
}: {
  intent: string;
  params?: Record<string, string | undefined>;
  children: ReactNode;
}) {
  const { status } = useSession();
  if (status === 'loading') {
    return (
      <p className="session-loading" role="status">
        Loading…
      </p>
    );
  }
  if (status === 'anonymous') return <Navigate replace to={loginHref(intent, params)} />;
  return <>{children}</>;
}
