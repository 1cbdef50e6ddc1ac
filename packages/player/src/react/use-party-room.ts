import { ApiError, realtimeCall, watchPartyQueryKey } from '@marquee/api-client';
import { useApi, useRealtime } from '@marquee/api-client/react';
import type { PartyServerMessage, PartyState, WatchPartySession } from '@marquee/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { socketPartyTransport } from '../party/socket-transport';

/**
 * The party's room over the realtime socket: `party:join` (again on every reconnect, so the sync
 * goes on from the party's current position), the session as the room tells it, and the
 * transport the sync runs on. `enabled` false: not in the room (a lobby watcher who is not a member
 * may still be when the party has not started).
 */
export function usePartyRoom(pid: string, enabled: boolean) {
  const api = useApi();
  const socket = useRealtime();
  const queryClient = useQueryClient();
  const [state, setState] = useState<PartyState | null>(null);
  const [error, setError] = useState<ApiError | null>(null);

  useEffect(() => {
    if (!socket || !enabled || !pid) return;
    let live = true;
    const setSession = (session: WatchPartySession) =>
      queryClient.setQueryData(watchPartyQueryKey(api, pid), session);
    const join = () =>
      realtimeCall(socket, 'party:join', { pid }).then(
        (answer) => {
          if (!live) return;
          setError(null);
          setState(answer.state);
          setSession(answer.session);
        },
        (err: unknown) => live && setError(err instanceof ApiError ? err : null),
      );
    if (socket.connected) void join();
    socket.on('connect', join);
    const onSession = (session: WatchPartySession) => session.pid === pid && setSession(session);
    socket.on('party:session', onSession);
    // The room's newest timeline: a viewer who becomes the host goes on from it (its seq next).
    const onMessage = (from: string, message: PartyServerMessage) => {
      if (from !== pid) return;
      if (message.type === 'party.state') setState(message);
      else if (message.type === 'party.action') {
        const { seq, at, position, playing } = message;
        setState((s) => (s && seq > s.timeline.seq ? { ...s, timeline: { seq, at, position, playing } } : s));
      }
    };
    socket.on('party:message', onMessage);
    return () => {
      live = false;
      socket.off('connect', join);
      socket.off('party:session', onSession);
      socket.off('party:message', onMessage);
      if (socket.connected) void realtimeCall(socket, 'party:leave', { pid }).catch(() => {});
    };
  }, [api, socket, pid, enabled, queryClient]);

  const transport = useMemo(() => (socket ? socketPartyTransport(socket, pid) : null), [socket, pid]);
  return { state, error, transport, connected: !!socket };
}
