import { z } from 'zod';
import { CHAT_HISTORY_PAGE, CHAT_MESSAGE_MAX, CHAT_NAME_MAX } from '@marquee/domain';
import { ClientQuery, SiteParams } from './common';
import type { RealtimeAck } from './realtime';

/**
 * Chat (playback-and-social §3 Chat, §4.10, §7 Chat; decision 0045). The spec's `chats/…` calls
 * live under `/v2/sites/{site}/chats/…`; a chat's id is its room's kind and id ("live-final").
 * Messages go over the realtime socket (`chat:send`) or `POST chats/{id}`; a socket joins a room
 * by presenting the chat token `PATCH chats/{id}` grants.
 */

/** A chat id: "live-…", "video-…", "channel-…" or "party-…" (the room's kind, a dash, its id). */
export const ChatId = z
  .string()
  .max(80)
  .regex(
    /^(live|video|channel|party)-[A-Za-z0-9_-]{1,64}$/,
    'a room kind (live, video, channel, party), a dash and an id',
  );

export const ChatParams = SiteParams.extend({ chatId: ChatId });
export type ChatParams = z.infer<typeof ChatParams>;

const UserId = z.string().min(1).max(64);

/**
 * §3 "message: publisher, username, value, verified, isMe, type, {product}UserId" (isMe is the
 * client's: publisher = me; {product}UserId is `marqueeUserId`).
 */
export const ChatMessage = z
  .object({
    id: z.string(),
    chatId: z.string(),
    /** The author's user id. */
    publisher: z.string(),
    username: z.string(),
    /** The author's Marquee account (§3's {product}UserId); null for the room's bot. */
    marqueeUserId: z.string().nullable(),
    /** Plain text (shortcodes as typed); clients render it as text, never as HTML. */
    value: z.string(),
    /** The author is staff, support or admin of the site. */
    verified: z.boolean(),
    /** 'message' from a user; 'bot' from the room's bot (its publisher is 'bot', no user). */
    type: z.enum(['message', 'bot']),
    /** A message to one viewer only (their user id): their history has it, nobody else's. */
    to: z.string().optional(),
    createdAt: z.string(),
  })
  .meta({ id: 'ChatMessage' });
export type ChatMessage = z.infer<typeof ChatMessage>;

/** The message body of `POST chats/{id}` and `chat:send`: at most 140 characters (§5). */
const MessageText = z.string().max(CHAT_MESSAGE_MAX * 8);

/** POST chats/{id} */
export const SendChatMessageBody = z.object({ message: MessageText }).meta({ id: 'SendChatMessageBody' });
export type SendChatMessageBody = z.infer<typeof SendChatMessageBody>;

/** GET chats/{id}/messages: at most 30 (§4.10), oldest first; `after` a message id for what was missed. */
export const ChatHistoryQuery = ClientQuery.extend({
  after: z.string().max(64).optional(),
  before: z.string().max(64).optional(),
});
export type ChatHistoryQuery = z.infer<typeof ChatHistoryQuery>;

export const ChatHistory = z
  .object({ messages: z.array(ChatMessage).max(CHAT_HISTORY_PAGE) })
  .meta({ id: 'ChatHistory' });
export type ChatHistory = z.infer<typeof ChatHistory>;

export const ChatMessageParams = ChatParams.extend({ messageId: z.string().min(1).max(64) });
export type ChatMessageParams = z.infer<typeof ChatMessageParams>;

/** PATCH chats/{id} {read, write}: asks for a chat token. */
export const ChatTokenBody = z
  .object({ read: z.boolean().default(true), write: z.boolean().default(false) })
  .meta({ id: 'ChatTokenBody' });
export type ChatTokenBody = z.input<typeof ChatTokenBody>;

/** §3 account-level fields: message, mute, read, write, token, userId, chatBanUntil. */
export const ChatGrant = z
  .object({
    chatId: z.string(),
    userId: z.string(),
    read: z.boolean(),
    write: z.boolean(),
    /** What the socket presents to `chat:join`; lives 60 minutes (renew about 60 s early). */
    token: z.string(),
    expiresAt: z.string(),
    /** The name the user chats under; null: asked for one first ("add name to chat"). */
    username: z.string().nullable(),
    chatBanUntil: z.string().nullable(),
    /** Seconds between one user's messages (slow mode); 0 when off. */
    slowModeSeconds: z.number().int(),
    /** The caller's muted people (their messages are hidden to them). */
    mute: z.array(z.string()),
  })
  .meta({ id: 'ChatGrant' });
export type ChatGrant = z.infer<typeof ChatGrant>;

/** POST chats/users {userIds}: who those users are in chat. */
export const ChatUsersBody = z
  .object({ userIds: z.array(UserId).min(1).max(100) })
  .meta({ id: 'ChatUsersBody' });
export type ChatUsersBody = z.infer<typeof ChatUsersBody>;

export const ChatUser = z
  .object({ userId: z.string(), username: z.string().nullable(), verified: z.boolean() })
  .meta({ id: 'ChatUser' });
export type ChatUser = z.infer<typeof ChatUser>;

export const ChatUsers = z.object({ users: z.array(ChatUser) }).meta({ id: 'ChatUsers' });
export type ChatUsers = z.infer<typeof ChatUsers>;

/** PATCH chats/mute/{id} {mute} */
export const ChatMuteParams = SiteParams.extend({ userId: UserId });
export const ChatMuteBody = z.object({ mute: z.boolean() }).meta({ id: 'ChatMuteBody' });
export type ChatMuteBody = z.infer<typeof ChatMuteBody>;
export const ChatMuteAnswer = z
  .object({ userId: z.string(), mute: z.boolean(), userMuteList: z.array(z.string()) })
  .meta({ id: 'ChatMuteAnswer' });
export type ChatMuteAnswer = z.infer<typeof ChatMuteAnswer>;

/** GET chats/muteList/ */
export const ChatMuteList = z.object({ users: z.array(ChatUser) }).meta({ id: 'ChatMuteList' });
export type ChatMuteList = z.infer<typeof ChatMuteList>;

/**
 * PATCH chats/ban {userId, chatBanUntil}: staff, support and admin only (§6). Without
 * chatBanUntil the ban is 48 hours (§9); a given one is at most 48 hours away; null lifts it.
 */
export const ChatBanBody = z
  .object({ userId: UserId, chatBanUntil: z.iso.datetime().nullable().optional() })
  .meta({ id: 'ChatBanBody' });
export type ChatBanBody = z.infer<typeof ChatBanBody>;
export const ChatBan = z
  .object({ userId: z.string(), chatBanUntil: z.string().nullable() })
  .meta({ id: 'ChatBan' });
export type ChatBan = z.infer<typeof ChatBan>;

/** PATCH chats/username: the "add name to chat" modal's name. */
export const ChatUsernameBody = z
  .object({ chatUsername: z.string().max(CHAT_NAME_MAX * 4) })
  .meta({ id: 'ChatUsernameBody' });
export type ChatUsernameBody = z.infer<typeof ChatUsernameBody>;
export const ChatUsername = z.object({ chatUsername: z.string() }).meta({ id: 'ChatUsername' });
export type ChatUsername = z.infer<typeof ChatUsername>;

// ---- realtime (events in ClientToServerEvents / ServerToClientEvents) ----

/** `chat:join`: the chat token; `after`, the last message the client has (it gets what it missed). */
export const ChatJoin = z.object({
  token: z.string().min(1).max(2048),
  after: z.string().max(64).optional(),
});
export type ChatJoin = z.infer<typeof ChatJoin>;
export type ChatJoined = {
  chatId: string;
  read: boolean;
  write: boolean;
  messages: ChatMessage[];
  /** The room's online count as last counted, when it reaches the site's threshold (decision 0053); else null. */
  online: number | null;
};
/** The room's online count (signed-in readers, every node) when it reaches the site's threshold; null hides it. */
export type ChatOnline = { chatId: string; online: number | null };

export const ChatLeave = z.object({ chatId: ChatId });
export type ChatLeave = z.infer<typeof ChatLeave>;

export const ChatSend = z.object({ chatId: ChatId, message: MessageText });
export type ChatSend = z.infer<typeof ChatSend>;

export type ChatClientEvents = {
  'chat:join': (join: ChatJoin, ack: (answer: RealtimeAck<ChatJoined>) => void) => void;
  'chat:leave': (leave: ChatLeave, ack: (answer: RealtimeAck) => void) => void;
  'chat:send': (send: ChatSend, ack: (answer: RealtimeAck<{ message: ChatMessage }>) => void) => void;
};

export type ChatServerEvents = {
  /** A new message in a joined room. */
  'chat:message': (message: ChatMessage) => void;
  /** Staff deleted a message of a joined room. */
  'chat:deleted': (deleted: { chatId: string; id: string }) => void;
  /** To the banned user's every socket, on every node: writing is suspended until then (null: lifted). */
  'chat:suspended': (ban: { chatBanUntil: string | null; message: string }) => void;
  /** A joined room's online count changed (recounted at most every few seconds, decision 0053). */
  'chat:online': (online: ChatOnline) => void;
  /**
   * The server took this socket out of a room: its token expired unrenewed, or the viewer may no
   * longer enter (the refusal a new token would get: `notEntitled`, `chatDisabled`…; decision 0053).
   */
  'chat:closed': (closed: ChatClosed) => void;
};
export type ChatClosed = { chatId: string; code: string; message: string };
