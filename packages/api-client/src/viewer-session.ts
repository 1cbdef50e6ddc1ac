// The viewer's session as the apps see it, still framework-free: the token store of session.ts plus
// the status a screen shows (loading, anonymous, signed in), the user, the auth calls in flight
// ("Connecting") and other tabs' changes. Web and TV differ only in the options.
import type { User } from '@marquee/contract';
import { ApiError } from './errors';
import {
  createSessionStore,
  NETWORK_RETRY_MS,
  type SessionStore,
  type SessionStoreOptions,
  type SessionTokens,
} from './session';

export type SessionStatus = 'loading' | 'anonymous' | 'signedIn';

export type SessionSnapshot = { user: User | null; status: SessionStatus; connecting: boolean };

/** Where other tabs' storage events arrive: the page's window. */
export interface StorageEvents {
  addEventListener(type: 'storage', listener: (event: StorageEvent) => void): void;
  removeEventListener(type: 'storage', listener: (event: StorageEvent) => void): void;
}

/** A stored session; an app that loads the user keeps it with the tokens. */
export type StoredSession = SessionTokens & { user?: User | null };

export interface ViewerSessionOptions<T extends StoredSession> extends Omit<SessionStoreOptions<T>, 'track'> {
  /**
   * GET /v2/me/info, and where the answer goes. Without it the session is signed in as soon as it
   * holds tokens (the TV reads the user only on the screens that show it).
   */
  user?: { load: () => Promise<User>; keep: (session: T, user: User) => T };
  /** True for a storage key whose change (in another tab) replaces the session. */
  isSessionKey: (key: string) => boolean;
  /** None outside a browser. */
  events?: StorageEvents;
}

export interface ViewerSession<T extends StoredSession = StoredSession> {
  /** The token store: the current tokens, their refresh, the access token to send. */
  readonly tokens: SessionStore<T>;
  subscribe(listener: () => void): () => void;
  /** The same object until something changes (for useSyncExternalStore). */
  getSnapshot(): SessionSnapshot;
  /** Keeps the tokens fresh, loads the user and follows other tabs; returns the stop. */
  start(): () => void;
  signIn: SessionStore<T>['signIn'];
  signOut(): Promise<void>;
  /** Re-reads /v2/me/info after a profile change. */
  refreshUser(): Promise<void>;
  /** Counts an auth call as in flight (for "Connecting") until it settles. */
  track<R>(call: Promise<R>): Promise<R>;
}

const statusOf = (session: StoredSession | null, loadsUser: boolean): SessionStatus =>
  !session ? 'anonymous' : session.user || !loadsUser ? 'signedIn' : 'loading';

export function createViewerSession<T extends StoredSession>(
  options: ViewerSessionOptions<T>,
): ViewerSession<T> {
  const { user: userSource, isSessionKey, events, ...storeOptions } = options;
  const loadsUser = userSource !== undefined;
  const listeners = new Set<() => void>();
  const stored = options.storage.read();
  // The first render already knows a visitor with no stored session is anonymous (no flash of an
  // empty header corner, no layout shift when Sign in appears).
  let snapshot: SessionSnapshot = {
    user: stored?.user ?? null,
    status: statusOf(stored, loadsUser),
    connecting: false,
  };
  let inFlight = 0;
  let userTimer: ReturnType<typeof setTimeout> | undefined;

  const set = (patch: Partial<SessionSnapshot>) => {
    snapshot = { ...snapshot, ...patch };
    for (const listener of listeners) listener();
  };

  const track = <R>(call: Promise<R>): Promise<R> => {
    inFlight += 1;
    set({ connecting: true });
    const settle = () => {
      inFlight -= 1;
      set({ connecting: inFlight > 0 });
    };
    call.then(settle, settle);
    return call;
  };

  const tokens = createSessionStore<T>({ ...storeOptions, track });

  /** Mirrors the current session (this tab's or another tab's) in the snapshot. */
  const follow = (next: T | null) => {
    if (!next) set({ user: null, status: 'anonymous' });
    else set({ user: next.user ?? snapshot.user, status: statusOf(next, loadsUser) });
  };

  // Followed from the start, so a sign-in before start() (or between a stop and a start) shows too.
  tokens.subscribe(() => follow(tokens.get()));

  async function loadUser() {
    if (!userSource) return;
    const before = tokens.get();
    try {
      const user = await userSource.load();
      const current = tokens.get();
      if (current && current.refreshToken === before?.refreshToken)
        tokens.save(userSource.keep(current, user));
    } catch (error) {
      if (tokens.get() !== before) return;
      // A 401 has already started a refresh (the client's onUnauthorized): it signs in again or out.
      if (error instanceof ApiError && error.status === 401) return;
      if (!snapshot.user) {
        // Offline at start-up without a cached user: try again shortly.
        clearTimeout(userTimer);
        userTimer = setTimeout(() => void loadUser(), NETWORK_RETRY_MS);
      }
    }
  }

  return {
    tokens,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    start() {
      const stop = tokens.start();
      if (tokens.get()) void loadUser();
      const onStorage = (event: StorageEvent) => {
        if (event.key === null || isSessionKey(event.key)) tokens.adopt(options.storage.read());
      };
      events?.addEventListener('storage', onStorage);
      return () => {
        events?.removeEventListener('storage', onStorage);
        stop();
        clearTimeout(userTimer);
      };
    },
    signIn: (login) => tokens.signIn(login),
    signOut: () => tokens.signOut(),
    refreshUser: () => loadUser(),
    track,
  };
}
