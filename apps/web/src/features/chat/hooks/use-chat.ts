import { useCallback, useEffect, useRef, useState } from 'react';
import {
  ApiError,
  banChatUser,
  deleteChatMessage,
  followChatRoom,
  grantChatToken,
  muteChatUser,
  realtimeCall,
  setChatUsername,
} from '@marquee/api-client';
import { useApi, useRealtime, useSession } from '@marquee/api-client/react';
import type { ChatGrant, ChatMessage } from '@marquee/contract';
import {
  CHAT_SUSPENDED_MESSAGE,
  chatTokenRenewAt,
  normalizeChatMessage,
  isChatRefusal,
  permissionsOf,
  trimChatHistory,
} from '@marquee/domain';

/** `refused`: the viewer may not enter this room (no entitlement, not a party member). */
export type ChatStatus = 'anonymous' | 'loading' | 'ready' | 'error' | 'refused';

export type ChatModel = {
  status: ChatStatus;
  error: string | null;
  messages: ChatMessage[];
  me: string | null;
  /** The viewer may write now (a writer token, not suspended, with a name). */
  canWrite: boolean;
  /** Asked for a display name first ("add name to chat"). */
  needsName: boolean;
  /** "Your chat privileges have been suspended." while a ban holds. */
  suspended: string | null;
  /** Epoch ms until which slow mode holds the viewer's next message. */
  slowUntil: number;
  slowModeSeconds: number;
  muted: string[];
  /** The viewer may ban and delete (staff, support, admin). */
  moderator: boolean;
  /** "N watching": the room's online count once it reaches the site's threshold, else null (decision 0053). */
  online: number | null;
  send(text: string): Promise<string | null>;
  mute(userId: string, mute: boolean): Promise<void>;
  ban(userId: string): Promise<string | null>;
  remove(messageId: string): Promise<void>;
  setName(name: string): Promise<string | null>;
  retry(): void;
};

const isDesktop = () => typeof window === 'undefined' || window.matchMedia('(min-width: 768px)').matches;

/** Merges messages by id, oldest first, trimmed to the history the device keeps (§4.10). */
function merge(current: ChatMessage[], more: ChatMessage[]): ChatMessage[] {
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const m of more) byId.set(m.id, m);
  const all = [...byId.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return trimChatHistory(all, isDesktop());
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * A chat room for the signed-in viewer (decision 0045): a chat token (writer, else reader when
 * suspended or nameless), renewed 60 s before it expires; the socket joins with it (again after a
 * reconnect, asking for what it missed); messages, deletions and the viewer's suspension arrive
 * as they happen.
 */
export function useChat(chatId: string): ChatModel {
  const api = useApi();
  const { user, status: sessionStatus } = useSession();
  const socket = useRealtime();
  const [grant, setGrant] = useState<ChatGrant | null>(null);
  const [roomStatus, setStatus] = useState<ChatStatus>('loading');
  const status: ChatStatus =
    sessionStatus === 'anonymous' ? 'anonymous' : sessionStatus === 'signedIn' ? roomStatus : 'loading';
  const [error, setError] = useState<string | null>(null);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [needsName, setNeedsName] = useState(false);
  const [suspended, setSuspended] = useState<string | null>(null);
  const [slowUntil, setSlowUntil] = useState(0);
  const [muted, setMuted] = useState<string[]>([]);
  const [online, setOnline] = useState<number | null>(null);
  const [attempt, setAttempt] = useState(0);
  // What the socket handlers read: the newest message (for what was missed) and the muted people.
  const last = useRef<string | undefined>(undefined);
  const mutedRef = useRef(muted);
  useEffect(() => {
    last.current = messages.at(-1)?.id;
    mutedRef.current = muted;
  }, [messages, muted]);

  const me = user?.id ?? null;
  const moderator = permissionsOf(user?.roles ?? []).has('chat.ban');

  /** A writer token, else a reader's with the reason. */
  const requestGrant = useCallback(async (): Promise<ChatGrant> => {
    try {
      const g = await grantChatToken(api, chatId, { read: true, write: true });
      setNeedsName(false);
      setSuspended(null);
      return g;
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (err.code === 'chatNameRequired') setNeedsName(true);
      else if (err.code === 'chatSuspended') setSuspended(err.message || CHAT_SUSPENDED_MESSAGE);
      else throw err;
      return grantChatToken(api, chatId, { read: true, write: false });
    }
  }, [api, chatId]);

  // The token: asked when signed in, renewed about 60 s before it expires.
  useEffect(() => {
    if (sessionStatus !== 'signedIn') return;
    let stop = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const run = () => {
      requestGrant().then(
        (g) => {
          if (stop) return;
          setGrant(g);
          setMuted(g.mute);
          const renewIn = chatTokenRenewAt(Date.parse(g.expiresAt), Date.now()) - Date.now();
          timer = setTimeout(run, Math.max(1000, renewIn));
        },
        (err: unknown) => {
          if (stop) return;
          setError(messageOf(err));
          setStatus(err instanceof ApiError && isChatRefusal(err.code) ? 'refused' : 'error');
        },
      );
    };
    run();
    return () => {
      stop = true;
      clearTimeout(timer);
    };
  }, [sessionStatus, requestGrant, attempt]);

  // Join with the token (again on every reconnect and renewal), then follow the room.
  useEffect(() => {
    if (!socket || !grant) return;
    let stop = false;
    const join = () => {
      realtimeCall(socket, 'chat:join', {
        token: grant.token,
        ...(last.current ? { after: last.current } : {}),
      }).then(
        (joined) => {
          if (stop) return;
          setMessages((current) =>
            merge(
              current,
              joined.messages.filter((m) => !mutedRef.current.includes(m.publisher)),
            ),
          );
          // The server's last count, if it has one; the next recount follows as chat:online.
          if (joined.online !== null) setOnline(joined.online);
          setError(null);
          setStatus('ready');
        },
        (err: unknown) => {
          if (stop) return;
          setError(messageOf(err));
          setStatus('error');
        },
      );
    };
    if (socket.connected) join();
    const onSuspended = (ban: { chatBanUntil: string | null; message: string }) => {
      if (ban.chatBanUntil) setSuspended(ban.message);
      else setAttempt((a) => a + 1); // lifted: ask for a writer token again
    };
    // A handshake the server refused for good (Socket.IO stops retrying): say so instead of loading on.
    const onRefused = (err: Error) => {
      if (stop || socket.active) return;
      setError(err.message);
      setStatus('error');
    };
    socket.on('connect', join);
    socket.on('connect_error', onRefused);
    socket.on('chat:suspended', onSuspended);
    const unfollow = followChatRoom(socket, chatId, {
      message: (m) => {
        if (!mutedRef.current.includes(m.publisher)) setMessages((c) => merge(c, [m]));
      },
      deleted: (id) => setMessages((c) => c.filter((m) => m.id !== id)),
      online: setOnline,
      // Out of the room (token expired, access ended): a new token, or the refusal it gets.
      closed: () => setAttempt((a) => a + 1),
    });
    return () => {
      stop = true;
      socket.off('connect', join);
      socket.off('connect_error', onRefused);
      socket.off('chat:suspended', onSuspended);
      unfollow();
    };
  }, [socket, grant, chatId]);

  const send = useCallback(
    async (text: string): Promise<string | null> => {
      const checked = normalizeChatMessage(text);
      if ('problem' in checked) return checked.problem;
      if (!socket) return 'Not connected, try again';
      try {
        const { message } = await realtimeCall(socket, 'chat:send', { chatId, message: checked.value });
        setMessages((c) => merge(c, [message]));
        if (grant?.slowModeSeconds) setSlowUntil(Date.now() + grant.slowModeSeconds * 1000);
        return null;
      } catch (err) {
        if (err instanceof ApiError && err.code === 'chatSuspended') setSuspended(err.message);
        if (err instanceof ApiError && err.code === 'chatTokenExpired') setAttempt((a) => a + 1);
        return messageOf(err);
      }
    },
    [socket, chatId, grant],
  );

  const mute = useCallback(
    async (userId: string, on: boolean) => {
      const answer = await muteChatUser(api, userId, on);
      setMuted(answer.userMuteList);
      if (on) setMessages((c) => c.filter((m) => m.publisher !== userId));
    },
    [api],
  );

  const ban = useCallback(
    async (userId: string) => {
      try {
        await banChatUser(api, { userId });
        return null;
      } catch (err) {
        return messageOf(err);
      }
    },
    [api],
  );

  const remove = useCallback(
    async (messageId: string) => {
      await deleteChatMessage(api, chatId, messageId);
      setMessages((c) => c.filter((m) => m.id !== messageId));
    },
    [api, chatId],
  );

  const setName = useCallback(
    async (name: string) => {
      try {
        await setChatUsername(api, name);
        setAttempt((a) => a + 1);
        return null;
      } catch (err) {
        return messageOf(err);
      }
    },
    [api],
  );

  return {
    status,
    error,
    messages,
    me,
    canWrite: !!grant?.write && !suspended && !needsName,
    needsName,
    suspended,
    slowUntil,
    slowModeSeconds: grant?.slowModeSeconds ?? 0,
    muted,
    moderator,
    online,
    send,
    mute,
    ban,
    remove,
    setName,
    retry: () => {
      setError(null);
      setStatus('loading');
      setAttempt((a) => a + 1);
      if (socket && !socket.connected) socket.connect();
    },
  };
}
