// The web's side of the viewer's session (accounts-and-commerce §4 Session): tokens and user in one
// localStorage value shared by every tab, one refresh per browser (Web Locks), and the access token
// the API client sends. The session itself and its React binding are the client core's
// (createViewerSession in @marquee/api-client, SessionProvider/useSession in @marquee/api-client/react).
import {
  createViewerSession,
  getMe,
  logout,
  refreshAccess,
  type SessionStatus,
  type SessionStorage,
  type ViewerSession,
} from '@marquee/api-client';
import { useSession } from '@marquee/api-client/react';
import type { User } from '@marquee/contract';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { ACCESS_TOKEN_KEY, api, onUnauthorized, provideAccessToken, tokenlessApi } from './api';

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

const webStorage: SessionStorage<StoredSession> = { read: readStored, write: writeStored };

/** The page's session: the web app mounts it with <SessionProvider session={…}>. */
export function createWebSession(): ViewerSession<StoredSession> {
  const session = createViewerSession<StoredSession>({
    storage: webStorage,
    refreshAccess: (refreshToken) => refreshAccess(tokenlessApi, refreshToken),
    logout: (refreshToken) => logout(tokenlessApi, refreshToken),
    fromLogin: (response, expiresAt) => ({
      accessToken: response.token,
      refreshToken: response.refreshToken,
      expiresAt,
      user: response.user,
    }),
    user: { load: () => getMe(api), keep: (stored, user) => ({ ...stored, user }) },
    lock: (run) =>
      typeof navigator !== 'undefined' && navigator.locks
        ? // The lock resolves with the callback's own promise (TypeScript's typing nests it).
          (navigator.locks.request('marquee.session.refresh', run) as unknown as Promise<string | null>)
        : run(),
    isSessionKey: (key) => key === SESSION_KEY,
    events: typeof window === 'undefined' ? undefined : window,
  });
  return {
    ...session,
    start() {
      const { tokens } = session;
      provideAccessToken(() => tokens.validToken());
      // A refused token (revoked elsewhere, clock skew): refresh now; a refused refresh signs out.
      // Errors naming a field (a wrong current password) are about the form, not the session.
      onUnauthorized((error) => {
        const current = tokens.get();
        if (!error.field && current) void tokens.refresh(current.accessToken);
      });
      return session.start();
    },
  };
}

/** A login-required route's guard: wait for the session, show the screen, or move the viewer to login. */
export function requireLoginGuard(
  status: SessionStatus,
  intent: string,
  params: Record<string, string | undefined> = {},
): { kind: 'loading' } | { kind: 'show' } | { kind: 'redirect'; to: string } {
  if (status === 'loading') return { kind: 'loading' };
  return status === 'anonymous' ? { kind: 'redirect', to: loginHref(intent, params) } : { kind: 'show' };
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
  const outcome = requireLoginGuard(useSession().status, intent, params);
  if (outcome.kind === 'loading') {
    return (
      <p className="session-loading" role="status">
        Loading…
      </p>
    );
  }
  if (outcome.kind === 'redirect') return <Navigate replace to={outcome.to} />;
  return <>{children}</>;
}
