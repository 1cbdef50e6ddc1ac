import { createContext, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import type { SessionSnapshot, ViewerSession } from '../viewer-session';

/** What a screen reads of the session: the snapshot and the calls that change it. */
export type Session = SessionSnapshot & Pick<ViewerSession, 'signIn' | 'signOut' | 'refreshUser' | 'track'>;

export const SessionContext = createContext<ViewerSession | null>(null);

/**
 * Runs `session` (the app's one per page, see createViewerSession) while mounted and hands it to
 * useSession below. It sits inside the query client and around the router.
 */
export function SessionProvider({ session, children }: { session: ViewerSession; children: ReactNode }) {
  useEffect(() => session.start(), [session]);
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

/** The session store itself, for code that follows its changes outside rendering (analytics). */
export function useSessionStore(): ViewerSession {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSessionStore needs a SessionProvider');
  return session;
}

/** The viewer's session; re-renders when it changes (also from another tab). */
export function useSession(): Session {
  const session = useSessionStore();
  const snapshot = useSyncExternalStore(session.subscribe, session.getSnapshot, session.getSnapshot);
  return {
    ...snapshot,
    signIn: session.signIn,
    signOut: session.signOut,
    refreshUser: session.refreshUser,
    track: session.track,
  };
}
