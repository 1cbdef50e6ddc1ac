import {
  ApiError,
  getWatchParty,
  getWatchPartyContent,
  realtimeCall,
  updateWatchParty,
  videoPlayUrlQueryOptions,
  watchPartyQueryKey,
} from '@marquee/api-client';
import { useRealtime } from '@marquee/api-client/react';
import type {
  PartyServerMessage,
  PartyState,
  UpdateWatchPartyBody,
  WatchPartySession,
} from '@marquee/contract';
import type { PartyTransport } from '@marquee/player';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { api } from '../../../lib/api';

/** GET watch-party/{pid}; the room's `party:session` messages keep it fresh (usePartyRoom). */
export function useWatchParty(pid: string) {
  return useQuery({
    queryKey: watchPartyQueryKey(api, pid),
    queryFn: ({ signal }) => getWatchParty(api, pid, signal),
    enabled: !!pid,
    // 'invalid Watch Party' and an expired session do not get better by asking again.
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
}

/** GET watch-party/{pid}/content: the party's video. */
export function usePartyContent(pid: string, enabled: boolean) {
  return useQuery({
    queryKey: [...watchPartyQueryKey(api, pid), 'content'],
    queryFn: ({ signal }) => getWatchPartyContent(api, pid, signal),
    enabled: !!pid && enabled,
    staleTime: 60_000,
  });
}

export function usePartyPlayUrl(uid: string | undefined) {
  return useQuery({ ...videoPlayUrlQueryOptions(api, uid ?? ''), enabled: !!uid });
}

/** PATCH watch-party/{pid} (start, joined, end, changeHost): the answer becomes the session. */
export function useUpdateParty(pid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateWatchPartyBody) => updateWatchParty(api, pid, body),
    onSuccess: (session) => queryClient.setQueryData(watchPartyQueryKey(api, pid), session),
  });
}

/**
 * The party's room over the realtime socket: `party:join` (again on every reconnect, so the sync
 * goes on from the party's current position), the session as the room tells it, and the
 * transport the sync runs on. `enabled` false: not in the room (a lobby watcher who is not a member
 * may still be when the party has not started).
 */
export function usePartyRoom(pid: string, enabled: boolean) {
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
  }, [socket, pid, enabled, queryClient]);

  const transport = useMemo<PartyTransport | null>(
    () =>
      socket
        ? {
            send: (message) => realtimeCall(socket, 'party:message', { pid, message }),
            subscribe: (on) => {
              const handler = (from: string, message: Parameters<typeof on>[0]) =>
                from === pid && on(message);
              socket.on('party:message', handler);
              return () => void socket.off('party:message', handler);
            },
          }
        : null,
    [socket, pid],
  );
  return { state, error, transport, connected: !!socket };
}
