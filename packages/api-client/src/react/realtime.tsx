import { useContext, useEffect, useState } from 'react';
import { connectRealtime, type RealtimeSocket } from '../realtime';
import type { ViewerSession } from '../viewer-session';
import { useApi } from './api';
import { SessionContext, useSession } from './session';

/** One socket per signed-in session, however many screens use it; closed when the last lets go. */
const shared = new WeakMap<ViewerSession, { socket: RealtimeSocket; users: number }>();

function acquire(session: ViewerSession, baseUrl: string): RealtimeSocket {
  const held = shared.get(session);
  if (held) {
    held.users += 1;
    return held.socket;
  }
  const socket = connectRealtime({
    baseUrl,
    token: () => session.tokens.validToken(),
    refresh: (used) => session.tokens.refresh(used),
    onRevoked: () => void session.signOut(),
  });
  shared.set(session, { socket, users: 1 });
  return socket;
}

function release(session: ViewerSession, socket: RealtimeSocket) {
  const held = shared.get(session);
  if (!held || held.socket !== socket) return;
  held.users -= 1;
  if (held.users > 0) return;
  shared.delete(session);
  socket.close();
}

/**
 * The realtime socket (decision 0043) while the viewer is signed in, else null. Screens share one
 * connection; it closes on sign-out and when no screen uses it.
 */
export function useRealtime(): RealtimeSocket | null {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useRealtime needs a SessionProvider');
  const { status } = useSession();
  const api = useApi();
  const [socket, setSocket] = useState<RealtimeSocket | null>(null);
  useEffect(() => {
    if (status !== 'signedIn') return;
    const next = acquire(session, api.baseUrl);
    setSocket(next);
    return () => {
      setSocket(null);
      release(session, next);
    };
  }, [session, status, api.baseUrl]);
  return socket;
}
