// The viewer's session (accounts-and-commerce §4 Session): tokens in localStorage shared by every tab,
// refreshed 60 s before expiry by the shared session store (@marquee/api-client), the user from the
// login response or GET /v2/me/info.
import {
  ApiError,
  createSessionStore,
  getMe,
  logout,
  NETWORK_RETRY_MS,
  refreshAccess,
} from '@marquee/api-client';
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

// The token policy (60 s lead, 5 s network retry) is the shared session store's.
export {
  isTokenFresh,
  NETWORK_RETRY_MS,
  REFRESH_LEAD_MS,
  refreshDelayMs,
  refreshFailureAction,
} from '@marquee/api-client';

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
  // The first render already knows a visitor with no stored session is anonymous (no flash of
  // an empty header corner, no layout shift when Sign in appears).
  private snapshot: Snapshot = initialSnapshot(readStored());
  private inFlight = 0;
  private userTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly listeners = new Set<() => void>();
  /** The tokens and their refresh: one per page, and (with Web Locks) one refresh per browser. */
  private readonly tokens = createSessionStore<StoredSession>({
    storage: { read: readStored, write: writeStored },
    refreshAccess: (refreshToken) => refreshAccess(tokenlessApi, refreshToken),
    logout: (refreshToken) => logout(tokenlessApi, refreshToken),
    fromLogin: (response, expiresAt) => ({
      accessToken: response.token,
      refreshToken: response.refreshToken,
      expiresAt,
      user: response.user,
    }),
    lock: (run) =>
      typeof navigator !== 'undefined' && navigator.locks
        ? // The lock resolves with the callback's own promise (TypeScript's typing nests it).
          (navigator.locks.request('marquee.session.refresh', run) as unknown as Promise<string | null>)
        : run(),
    track: (call) => this.track(call),
  });

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
    provideAccessToken(() => this.tokens.validToken());
    // A refused token (revoked elsewhere, clock skew): refresh now; a refused refresh signs out.
    // Errors naming a field (a wrong current password) are about the form, not the session.
    onUnauthorized((error) => {
      const current = this.tokens.get();
      if (!error.field && current) void this.tokens.refresh(current.accessToken);
    });
    const unfollow = this.tokens.subscribe(() => this.follow(this.tokens.get()));
    const stop = this.tokens.start();
    if (this.tokens.get()) void this.loadUser();
    const onStorage = (event: StorageEvent) => {
      if (event.key === SESSION_KEY || event.key === null) this.tokens.adopt(readStored());
    };
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener('storage', onStorage);
      unfollow();
      stop();
      clearTimeout(this.userTimer);
    };
  }

  /** Mirrors the current session (this tab's or another tab's) in the snapshot. */
  private follow(next: StoredSession | null) {
    if (!next) this.set({ user: null, status: 'anonymous' });
    else this.set({ user: next.user ?? this.snapshot.user, status: next.user ? 'signedIn' : 'loading' });
  }

  signIn = (response: LoginResponse) => this.tokens.signIn(response);

  signOut = () => this.tokens.signOut();

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
    const before = this.tokens.get();
    try {
      const user = await getMe(api);
      const current = this.tokens.get();
      if (current && current.refreshToken === before?.refreshToken) this.tokens.save({ ...current, user });
    } catch (error) {
      if (this.tokens.get() !== before) return;
      // A 401 has already started a refresh (onUnauthorized): it signs in again or signs out.
      if (error instanceof ApiError && error.status === 401) return;
      if (!this.snapshot.user) {
        // Offline at start-up without a cached user: try again shortly.
        clearTimeout(this.userTimer);
        this.userTimer = setTimeout(() => void this.loadUser(), NETWORK_RETRY_MS);
      }
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
