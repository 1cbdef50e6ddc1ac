// The viewer's session outside any framework (accounts-and-commerce §4 Session), shared by web and
// TV: the tokens in a storage each app chooses, a refresh 60 s before expiry (under 60 s left counts
// as expired), one refresh at a time (the refresh token is single use), a retry 5 s after a network
// failure, sign-out on any other failure, and listeners told of every change.
import type { LoginResponse } from '@marquee/contract';
import { ApiError } from './errors';

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

export type SessionTokens = { accessToken: string; refreshToken: string; expiresAt: number };

/** Where an app keeps its session (localStorage keys, one JSON value…). */
export interface SessionStorage<T extends SessionTokens> {
  read(): T | null;
  write(value: T | null): void;
}

export interface SessionStoreOptions<T extends SessionTokens> {
  storage: SessionStorage<T>;
  /** POST refresh-access: the next token pair. */
  refreshAccess: (refreshToken: string) => Promise<LoginResponse>;
  /** POST logout: revokes the refresh token (best effort). */
  logout?: (refreshToken: string) => Promise<unknown>;
  /** The stored value for a login answer (an app may keep more than the tokens, e.g. the user). */
  fromLogin: (login: LoginResponse, expiresAt: number) => T;
  now?: () => number;
  /** Runs a refresh under a lock shared with other tabs (Web Locks); none by default. */
  lock?: (run: () => Promise<string | null>) => Promise<string | null>;
  /** Wraps each auth call (the web counts them for its "Connecting" label). */
  track?: <R>(call: Promise<R>) => Promise<R>;
}

export interface SessionStore<T extends SessionTokens> {
  /** The current session, the same object until it changes. */
  get(): T | null;
  subscribe(listener: () => void): () => void;
  /** Stores a login answer (tokens and all) as the current session. */
  signIn(login: LoginResponse): void;
  /** Takes a session (this page's or, after a storage event, another tab's) as the current one. */
  adopt(next: T | null): void;
  /** Writes a session (or none) and takes it as the current one. */
  save(next: T | null): void;
  /** Forgets the session, then revokes its refresh token on the server (best effort). */
  signOut(): Promise<void>;
  /** The access token to send: refreshed first when under 60 s are left. */
  validToken(): Promise<string | null>;
  /**
   * One refresh at a time. `used`: the access token to replace (one the server refused, or one due);
   * it is refreshed even if it looks fresh, unless another tab has replaced it already.
   */
  refresh(used?: string): Promise<string | null>;
  /** Reads the stored session and keeps it fresh until the returned stop is called. */
  start(): () => void;
}

export function createSessionStore<T extends SessionTokens>(
  options: SessionStoreOptions<T>,
): SessionStore<T> {
  const { storage } = options;
  const now = options.now ?? Date.now;
  const track = options.track ?? (<R>(call: Promise<R>) => call);
  const listeners = new Set<() => void>();
  let current: T | null = storage.read();
  let running = false;
  let refreshing: Promise<string | null> | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** After a network failure, calls use the old token until the scheduled retry (no refresh storm). */
  let retryRefreshAt = 0;

  const notify = () => {
    for (const listener of listeners) listener();
  };

  const store: SessionStore<T> = {
    get: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    adopt(next) {
      current = next;
      clearTimeout(timer);
      if (next && running) {
        const at = now();
        const delay = Math.max(refreshDelayMs(next.expiresAt, at), retryRefreshAt - at);
        // Due: refresh this token, unless another tab has replaced it meanwhile.
        timer = setTimeout(() => void store.refresh(next.accessToken), delay);
      }
      notify();
    },
    save(next) {
      storage.write(next);
      store.adopt(next);
    },
    signIn(login) {
      store.save(options.fromLogin(login, now() + login.expiresIn * 1000));
    },
    async signOut() {
      const refreshToken = current?.refreshToken;
      store.save(null);
      if (refreshToken && options.logout) await track(options.logout(refreshToken)).catch(() => undefined);
    },
    async validToken() {
      if (!current) return null;
      if (isTokenFresh(current.expiresAt, now())) return current.accessToken;
      const refreshed = now() < retryRefreshAt ? null : await store.refresh();
      // After a network failure the old token may still have some seconds left.
      if (refreshed) return refreshed;
      const left: T | null = current;
      return left && left.expiresAt > now() ? left.accessToken : null;
    },
    refresh(refused) {
      if (refreshing) return refreshing;
      const run = () => refreshOnce(refused);
      const flight = (options.lock ? options.lock(run) : run()).finally(() => {
        refreshing = null;
      });
      refreshing = flight;
      return flight;
    },
    start() {
      running = true;
      store.adopt(storage.read());
      return () => {
        running = false;
        clearTimeout(timer);
      };
    },
  };

  async function refreshOnce(refused?: string): Promise<string | null> {
    // Another tab may have refreshed while this one waited for the lock.
    const latest = storage.read();
    if (!latest) {
      store.adopt(null);
      return null;
    }
    const replaced = refused !== undefined && latest.accessToken !== refused;
    if (replaced || (refused === undefined && isTokenFresh(latest.expiresAt, now()))) {
      if (latest.accessToken !== current?.accessToken) store.adopt(latest);
      return latest.accessToken;
    }
    try {
      const login = await track(options.refreshAccess(latest.refreshToken));
      retryRefreshAt = 0;
      store.signIn(login);
      return login.token;
    } catch (error) {
      if (refreshFailureAction(error) === 'retry') {
        retryRefreshAt = now() + NETWORK_RETRY_MS;
        clearTimeout(timer);
        if (running) timer = setTimeout(() => void store.refresh(latest.accessToken), NETWORK_RETRY_MS);
        return null;
      }
      store.save(null);
      return null;
    }
  }

  return store;
}
