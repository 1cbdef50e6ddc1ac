import { z } from 'zod';
import type { ChatClientEvents, ChatServerEvents } from './chat';
import type { ErrorResponse } from './common';
import type {
  PartyEnvelope,
  PartyJoinAnswer,
  PartyJoinRequest,
  PartyMessageAnswer,
  PartyServerMessage,
  WatchPartySession,
} from './party';

/**
 * The realtime gateway (decision 0043): Socket.IO at `REALTIME_PATH` on the API's own host,
 * websocket transport. The handshake carries the access token as `auth: { token }`; the server
 * refuses a missing, expired or revoked one, and an Origin that is not the site's or a TV app's.
 */
export { REALTIME_PATH } from '@marquee/domain';

/** What a room is about: a live event, a video, a live channel or a watch party. */
export const RoomKind = z.enum(['live', 'video', 'channel', 'party']);
export type RoomKind = z.infer<typeof RoomKind>;

/** A room of the caller's own site (the site is the access token's; a client never names it). */
export const RoomRef = z.object({
  kind: RoomKind,
  id: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, _ and - only'),
});
export type RoomRef = z.infer<typeof RoomRef>;

/** The handshake's `auth` object. */
export const RealtimeAuth = z.object({ token: z.string().min(1).max(4096) });
export type RealtimeAuth = z.infer<typeof RealtimeAuth>;

/**
 * Every acknowledgement: success (with the call's answer, if any), or the HTTP status the same
 * refusal would have and the error body the HTTP API answers with.
 */
export type RealtimeAck<T extends object = object> =
  ({ ok: true } & T) | ({ ok: false; status: number } & ErrorResponse);

/**
 * Events a client emits; each takes an acknowledgement callback. A socket enters a room only
 * through a feature's authorized join (chat: `chat:join` with a chat token; parties: `party:join`).
 */
export type ClientToServerEvents = ChatClientEvents & {
  /** Follow a watch party (decision 0046): its session and room state come back; a member or the lobby only. */
  'party:join': (req: PartyJoinRequest, ack: (answer: RealtimeAck<PartyJoinAnswer>) => void) => void;
  'party:leave': (req: PartyJoinRequest, ack: (answer: RealtimeAck) => void) => void;
  /** One party sync message (clock ping, host action or progress, ready). */
  'party:message': (req: PartyEnvelope, ack: (answer: RealtimeAck<PartyMessageAnswer>) => void) => void;
};

/** Events the server emits. */
export type ServerToClientEvents = {
  /** The session was revoked (signed out elsewhere, password changed): the server disconnects. */
  'session:revoked': () => void;
  /**
   * This node is shutting down (decision 0082): the server disconnects the socket next, and the
   * client connects again (through the load balancer, to another node) and joins its rooms again.
   */
  'server:draining': () => void;
  /** A party sync message (host action, room state, desync) for the party `pid`. */
  'party:message': (pid: string, message: PartyServerMessage) => void;
  /** The party's session changed (started, host changed, ended, a member came or went). */
  'party:session': (session: WatchPartySession) => void;
} & ChatServerEvents;
