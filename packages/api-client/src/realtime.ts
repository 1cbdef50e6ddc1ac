// The realtime connection (decision 0043), shared by web and TV: one Socket.IO socket per viewer
// session, websocket only, that presents a fresh access token on every (re)connect, reconnects
// with jittered backoff, refreshes an expired token once, retries when the server's stores were
// away or the node was draining, and signs out when the server says the session was revoked.
import type {
  ChatMessage,
  ChatClosed,
  ChatOnline,
  ClientToServerEvents,
  RealtimeAck,
  ServerToClientEvents,
} from '@marquee/contract';
import { REALTIME_PATH } from '@marquee/domain';
import { io, type Socket } from 'socket.io-client';
import { ApiError } from './errors';

export type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Reconnection backoff: 0.5 s doubling to 10 s, each ±50 %. */
export const RECONNECT = { delayMs: 500, maxDelayMs: 10_000, jitter: 0.5 } as const;
/** An acknowledgement not back by then fails the call (the caller may retry). */
export const ACK_TIMEOUT_MS = 5_000;

export interface RealtimeOptions {
  /** The API's origin; '' for this page's. */
  baseUrl: string;
  /** The access token to present (refreshed first when due), or null when signed out. */
  token: () => Promise<string | null>;
  /** Refreshes a token the server refused as expired; the new one, or null. */
  refresh: (used: string) => Promise<string | null>;
  /** The server ended the session (signed out elsewhere, password changed). */
  onRevoked: () => void;
  /** Extra handshake headers, outside browsers only (a browser sends its own Origin). */
  headers?: Record<string, string>;
}

export function connectRealtime(options: RealtimeOptions): RealtimeSocket {
  let presented: string | null = null;
  let refused = 0;
  const socket: RealtimeSocket = io(options.baseUrl, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    reconnectionDelay: RECONNECT.delayMs,
    reconnectionDelayMax: RECONNECT.maxDelayMs,
    randomizationFactor: RECONNECT.jitter,
    ...(options.headers ? { extraHeaders: options.headers } : {}),
    // A function: asked again on every reconnect, so a renewed token is presented.
    auth: (cb) => {
      void options.token().then(
        (token) => {
          presented = token;
          cb(token ? { token } : {});
        },
        () => cb({}),
      );
    },
  });
  socket.on('connect', () => {
    refused = 0;
  });
  // A handshake the server refused is not retried by Socket.IO itself (`active` is false).
  socket.on('connect_error', (error) => {
    if (socket.active) return;
    const code = (error as { data?: { code?: string } }).data?.code;
    refused += 1;
    const retry = () => {
      if (!socket.connected) socket.connect();
    };
    if (code === 'tokenExpired' && presented && refused <= 2) {
      void options.refresh(presented).then((token) => token && retry());
    } else if (code === 'serviceUnavailable') {
      setTimeout(retry, Math.min(RECONNECT.maxDelayMs, RECONNECT.delayMs * 2 ** refused));
    }
  });
  socket.on('session:revoked', () => {
    socket.disconnect();
    options.onRevoked();
  });
  // A node shutting down says so before it disconnects us, which Socket.IO alone would take as
  // final: connect again after the usual jittered delay (another node answers; the screens join
  // their rooms again on 'connect').
  let draining = false;
  socket.on('server:draining', () => {
    draining = true;
  });
  socket.on('disconnect', (reason) => {
    if (reason !== 'io server disconnect' || !draining) return;
    draining = false;
    const delay = RECONNECT.delayMs * (1 + RECONNECT.jitter * (2 * Math.random() - 1));
    setTimeout(() => {
      if (!socket.connected) socket.connect();
    }, delay);
  });
  return socket;
}

/** What an event's acknowledgement answers. */
type AckOf<E extends keyof ClientToServerEvents> = Parameters<Parameters<ClientToServerEvents[E]>[1]>[0];

/**
 * Emits a documented call and waits for its acknowledgement: the answer when ok, else an
 * ApiError with the server's status, code, message and field (status 0 when no answer came in time).
 */
export async function realtimeCall<E extends keyof ClientToServerEvents>(
  socket: RealtimeSocket,
  event: E,
  payload: Parameters<ClientToServerEvents[E]>[0],
): Promise<Extract<AckOf<E>, { ok: true }>> {
  let answer: AckOf<E>;
  try {
    // The event map types each call; emitWithAck's own overloads cannot follow a generic event.
    const emit = socket.timeout(ACK_TIMEOUT_MS).emitWithAck as (e: E, p: unknown) => Promise<AckOf<E>>;
    answer = await emit.call(socket.timeout(ACK_TIMEOUT_MS), event, payload);
  } catch {
    throw new ApiError(0, 'timeout', 'No answer from the server, try again');
  }
  if (!answer.ok) {
    const { status, error } = answer as Extract<RealtimeAck, { ok: false }>;
    throw new ApiError(status, error.code, error.message, error.field);
  }
  return answer as Extract<AckOf<E>, { ok: true }>;
}

/**
 * Follows a chat room (decision 0045) on the socket after `chat:join`: its new messages,
 * deletions, online count and the server closing it (decision 0053). Answers the cleanup, which stops listening and
 * leaves the room (web and TV alike).
 */
export function followChatRoom(
  socket: RealtimeSocket,
  chatId: string,
  on: {
    message: (m: ChatMessage) => void;
    deleted: (id: string) => void;
    online?: (online: number | null) => void;
    /** The server took the socket out of the room (token expired, access ended): ask again. */
    closed?: (closed: ChatClosed) => void;
  },
): () => void {
  const onMessage = (m: ChatMessage) => m.chatId === chatId && on.message(m);
  const onDeleted = (d: { chatId: string; id: string }) => d.chatId === chatId && on.deleted(d.id);
  const onOnline = (o: ChatOnline) => o.chatId === chatId && on.online?.(o.online);
  const onClosed = (c: ChatClosed) => c.chatId === chatId && on.closed?.(c);
  socket.on('chat:message', onMessage);
  socket.on('chat:deleted', onDeleted);
  socket.on('chat:online', onOnline);
  socket.on('chat:closed', onClosed);
  return () => {
    socket.off('chat:message', onMessage);
    socket.off('chat:deleted', onDeleted);
    socket.off('chat:online', onOnline);
    socket.off('chat:closed', onClosed);
    if (socket.connected) void realtimeCall(socket, 'chat:leave', { chatId }).catch(() => {});
  };
}
