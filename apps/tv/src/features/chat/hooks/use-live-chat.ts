import { followChatRoom, grantChatToken, realtimeCall } from '@marquee/api-client';
import { useApi, useRealtime } from '@marquee/api-client/react';
import type { ChatGrant, ChatMessage } from '@marquee/contract';
import { chatTokenRenewAt, trimChatHistory } from '@marquee/domain';
import { useEffect, useRef, useState } from 'react';

export type LiveChatStatus = 'loading' | 'ready' | 'error';

/** Adds messages by id, oldest first, keeping the history a big screen keeps (§4.10). */
export function addChatMessages(current: ChatMessage[], more: ChatMessage[]): ChatMessage[] {
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const m of more) byId.set(m.id, m);
  return trimChatHistory(
    [...byId.values()].sort((a, b) => a.id.localeCompare(b.id)),
    true,
  );
}

/**
 * A chat room read from the TV (decision 0050): a reader's token (`read: true` only), renewed
 * before it expires; the socket joins with it (again after a reconnect, asking for what it
 * missed) and follows new and deleted messages. Nothing is ever sent. `enabled` false: nothing runs.
 */
export function useLiveChat(chatId: string, enabled: boolean) {
  const api = useApi();
  const socket = useRealtime();
  const [grant, setGrant] = useState<ChatGrant | null>(null);
  const [status, setStatus] = useState<LiveChatStatus>('loading');
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  // Asked again when the server closes the room for this socket (decision 0053).
  const [attempt, setAttempt] = useState(0);
  const last = useRef<string | undefined>(undefined);
  useEffect(() => {
    last.current = messages.at(-1)?.id;
  }, [messages]);

  useEffect(() => {
    if (!enabled) return;
    let stop = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const run = () =>
      grantChatToken(api, chatId, { read: true, write: false }).then(
        (g) => {
          if (stop) return;
          setGrant(g);
          const renewIn = chatTokenRenewAt(Date.parse(g.expiresAt), Date.now()) - Date.now();
          timer = setTimeout(run, Math.max(1000, renewIn));
        },
        () => !stop && setStatus('error'),
      );
    void run();
    return () => {
      stop = true;
      clearTimeout(timer);
    };
  }, [api, chatId, enabled, attempt]);

  useEffect(() => {
    if (!socket || !grant || !enabled) return;
    let stop = false;
    const join = () =>
      realtimeCall(socket, 'chat:join', {
        token: grant.token,
        ...(last.current ? { after: last.current } : {}),
      }).then(
        (joined) => {
          if (stop) return;
          setMessages((c) => addChatMessages(c, joined.messages));
          setStatus('ready');
        },
        () => !stop && setStatus('error'),
      );
    if (socket.connected) void join();
    socket.on('connect', join);
    const unfollow = followChatRoom(socket, chatId, {
      message: (m) => setMessages((c) => addChatMessages(c, [m])),
      deleted: (id) => setMessages((c) => c.filter((m) => m.id !== id)),
      closed: () => setAttempt((a) => a + 1),
    });
    return () => {
      stop = true;
      socket.off('connect', join);
      unfollow();
    };
  }, [socket, grant, chatId, enabled]);

  return { status, messages };
}
