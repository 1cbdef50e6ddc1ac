import { randomBytes } from 'node:crypto';
import type { ChatBan, ChatGrant, ChatMessage, ChatMuteAnswer, ChatUser } from '@marquee/contract';
import {
  CHAT_BAN_MS,
  CHAT_FLOOD,
  CHAT_HISTORY_PAGE,
  CHAT_MUTE_LIST_MAX,
  CHAT_SUSPENDED_MESSAGE,
  CHAT_TOKEN_TTL_MS,
  chatDisplayName,
  chatIdOf,
  chatNameProblem,
  normalizeChatMessage,
  parseChatId,
  slowModeSecondsOf,
  type ChatRoomKind,
} from '@marquee/domain';
import type { RateLimiter } from '../../infra/rate-limiter';
import type { AuthUser } from '../../plugins/auth';
import { AppError, badRequest, notFound, rateLimited } from '../../plugins/errors';
import { parseMuteList } from '../auth';
import type { RolesService } from '../roles';
import { ownSite, type Site } from '../sites';
import { createChatTokens, type ChatClaims } from './chat-token';
import type { ChatMessageRow, ChatRepository, ChatRoomKey, ChatUserRow } from './chat.repository';

export type ChatService = ReturnType<typeof createChatService>;
export type ChatSite = Site;
export type ChatRoom = { kind: ChatRoomKind; id: string };

/** Where the service announces what happened; the realtime feature attaches the gateway's. */
export type ChatPublisher = {
  message(siteUid: string, room: ChatRoom, message: ChatMessage): void;
  deleted(siteUid: string, room: ChatRoom, deleted: { chatId: string; id: string }): void;
  suspended(siteUid: string, userId: string, ban: { chatBanUntil: string | null; message: string }): void;
};

/**
 * Who may join a room beyond being a user of its site (a party's members, decided by parties):
 * throws the refusal. Every other room is open to the site's signed-in users.
 */
export type ChatRoomAccess = (user: AuthUser, site: ChatSite, room: ChatRoom) => Promise<void>;

const suspended = () => new AppError(403, 'chatSuspended', CHAT_SUSPENDED_MESSAGE);
const nameRequired = () => new AppError(409, 'chatNameRequired', 'Add a name to chat first', 'chatUsername');
const userGone = () => new AppError(401, 'unauthorized', 'Authentication required');

/**
 * Chat (playback-and-social §4.10, §6, §7; decision 0045): chat tokens, messages (persisted, sent
 * over the socket or HTTP), history, slow mode and the flood limit (through the shared limiter,
 * so across nodes), mutes, 48-hour bans and staff deletion. The ban table is the one source of
 * truth for suspension: a write token is refused while it holds, and every message checks it.
 */
export function createChatService(deps: {
  repo: ChatRepository;
  roles: Pick<RolesService, 'can' | 'require'>;
  limiter: RateLimiter;
  /** The auth secret: chat tokens are signed under a key derived from it. */
  secret: string;
  now: () => number;
  /** Whether the room's subject exists on the site (a live event, a video); false answers 404. */
  roomExists?: (siteUid: string, room: ChatRoom) => Promise<boolean>;
  roomAccess?: ChatRoomAccess;
}) {
  const { repo, roles, limiter, now } = deps;
  const tokens = createChatTokens(deps.secret);
  const iso = (ms: number) => new Date(ms).toISOString();
  let publisher: ChatPublisher | null = null;
  // Ids sort in time order; within one millisecond of this node, in the order they were made.
  let last = { at: 0, seq: 0 };
  const messageId = (at: number) => {
    last = at > last.at ? { at, seq: 0 } : { at: last.at, seq: last.seq + 1 };
    const time = last.at.toString(36).padStart(10, '0');
    return `m${time}${last.seq.toString(36).padStart(4, '0')}${randomBytes(5).toString('hex')}`;
  };

  const roomOf = (chatId: string): ChatRoom => {
    const room = parseChatId(chatId);
    if (!room) throw badRequest('chatId', 'Invalid chat id');
    return room;
  };
  const key = (siteUid: string, room: ChatRoom): ChatRoomKey => ({ siteUid, kind: room.kind, id: room.id });

  /** The site's user (403 for another site's), chat on (403 where hideChat or disabled), may enter the room. */
  async function admit(user: AuthUser, site: ChatSite, room: ChatRoom): Promise<void> {
    ownSite(site, user);
    if (site.perms.hideChat || !site.chat.enabled)
      throw new AppError(403, 'chatDisabled', 'Chat is not available on this site');
    if (deps.roomExists && !(await deps.roomExists(site.uid, room)))
      throw notFound(`Chat '${chatIdOf(room)}'`);
    await deps.roomAccess?.(user, site, room);
  }

  /** The active ban's end, or null. */
  async function activeBan(siteUid: string, userId: string): Promise<string | null> {
    const until = await repo.banUntil(siteUid, userId);
    return until !== null && Date.parse(until) > now() ? until : null;
  }

  async function currentUser(user: AuthUser): Promise<ChatUserRow> {
    const row = await repo.user(user.id);
    if (!row) throw userGone();
    return row;
  }

  /** Staff, support and admin carry the verified mark (the roles that moderate chat). */
  const isVerified = (siteUid: string, row: Pick<ChatUserRow, 'id' | 'roles'>) =>
    roles.can({ id: row.id, siteUid, roles: row.roles, email: '', sessionId: '' }, siteUid, 'chat.ban');

  const toMessage = (row: ChatMessageRow): ChatMessage => ({
    id: row.id,
    chatId: `${row.room_kind}-${row.room_id}`,
    publisher: row.user_id,
    username: row.username,
    value: row.value,
    verified: row.verified === 1,
    type: 'message',
    createdAt: row.created_at,
  });

  async function toChatUser(siteUid: string, row: ChatUserRow): Promise<ChatUser> {
    return {
      userId: row.id,
      username: chatDisplayName({ chatUsername: row.chat_username, firstName: row.first_name }),
      verified: await isVerified(siteUid, row),
    };
  }

  /** Counts a message against the flood limit, then slow mode; refuses with 429 and when to retry. */
  async function throttle(site: ChatSite, room: ChatRoom, userId: string): Promise<void> {
    const floodKey = `chat:flood:${site.uid}:${userId}`;
    const flood = await limiter.hit(floodKey, CHAT_FLOOD);
    if (!flood.allowed)
      throw rateLimited(flood.retryAfterMs, 'You are sending messages too fast. Please wait a moment');
    const seconds = slowModeSecondsOf(site.perms, site.chat);
    if (seconds === 0) return;
    const slow = await limiter.hit(`chat:slow:${site.uid}:${room.kind}:${room.id}:${userId}`, {
      limit: 1,
      windowMs: seconds * 1000,
    });
    if (!slow.allowed) {
      // Refused by slow mode: the message was not sent, so it does not count as flooding.
      await limiter.release(floodKey);
      const wait = Math.max(1, Math.ceil(slow.retryAfterMs / 1000));
      throw rateLimited(wait * 1000, `Slow mode is on: you can send another message in ${wait} s`);
    }
  }

  async function send(user: AuthUser, site: ChatSite, chatId: string, raw: string): Promise<ChatMessage> {
    const room = roomOf(chatId);
    await admit(user, site, room);
    const text = normalizeChatMessage(raw);
    if ('problem' in text) throw badRequest('message', text.problem);
    const row = await currentUser(user);
    const username = chatDisplayName({ chatUsername: row.chat_username, firstName: row.first_name });
    if (username === null) throw nameRequired();
    if (await activeBan(site.uid, user.id)) throw suspended();
    await throttle(site, room, user.id);
    const at = now();
    const stored: ChatMessageRow = {
      id: messageId(at),
      site_uid: site.uid,
      room_kind: room.kind,
      room_id: room.id,
      user_id: user.id,
      username,
      value: text.value,
      verified: (await isVerified(site.uid, row)) ? 1 : 0,
      created_at: iso(at),
      deleted_at: null,
      deleted_by: null,
    };
    await repo.insertMessage(stored);
    const message = toMessage(stored);
    publisher?.message(site.uid, room, message);
    return message;
  }

  /** Edits the caller's muted list; retried when a concurrent edit changed it meanwhile. */
  async function editMuteList(userId: string, edit: (list: string[]) => string[]): Promise<string[]> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const raw = await repo.rawMuteList(userId);
      if (raw === undefined) throw userGone();
      const current = parseMuteList(raw);
      const next = edit(current);
      if (await repo.replaceMuteList(userId, raw, next)) return next;
    }
    throw new AppError(409, 'conflict', 'The muted list changed meanwhile, try again');
  }

  return {
    /** The realtime feature's publisher (one per app). */
    attach(p: ChatPublisher) {
      publisher = p;
    },

    /**
     * PATCH chats/{id} {read, write}: a chat token for the room. Write is refused with 403
     * (suspended) while the user is banned, and with 409 until they have a name to chat under.
     */
    async grant(
      user: AuthUser,
      site: ChatSite,
      chatId: string,
      body: { read: boolean; write: boolean },
    ): Promise<ChatGrant> {
      const room = roomOf(chatId);
      await admit(user, site, room);
      if (!body.read && !body.write) throw badRequest('read', 'Ask for read, write or both');
      const row = await currentUser(user);
      const chatBanUntil = await activeBan(site.uid, user.id);
      const username = chatDisplayName({ chatUsername: row.chat_username, firstName: row.first_name });
      if (body.write) {
        if (chatBanUntil) throw suspended();
        if (username === null) throw nameRequired();
      }
      const exp = now() + CHAT_TOKEN_TTL_MS;
      // Writing implies reading: a socket joined to send also receives.
      const claims: ChatClaims = {
        site: site.uid,
        chatId,
        userId: user.id,
        read: true,
        write: body.write,
        exp,
      };
      return {
        chatId,
        userId: user.id,
        read: true,
        write: body.write,
        token: tokens.sign(claims),
        expiresAt: iso(exp),
        username,
        chatBanUntil,
        slowModeSeconds: slowModeSecondsOf(site.perms, site.chat),
        mute: row.muted,
      };
    },

    /**
     * A socket's `chat:join`: the token's claims when it is valid, unexpired, and the socket's own
     * (its user and site), and the room's latest messages (or those after `after`).
     */
    async join(user: AuthUser, site: ChatSite, token: string, after?: string) {
      const claims = tokens.read(token);
      if (!claims) throw new AppError(401, 'chatTokenInvalid', 'Chat token invalid', 'token');
      if (claims.exp <= now())
        throw new AppError(401, 'chatTokenExpired', 'Chat token expired: renew it', 'token');
      if (claims.userId !== user.id || claims.site !== user.siteUid)
        throw new AppError(403, 'chatTokenNotYours', 'This chat token was issued to someone else', 'token');
      const room = roomOf(claims.chatId);
      await admit(user, site, room);
      const messages = await this.history(user, site, claims.chatId, { after });
      return { claims, room, messages };
    },

    send,

    /** GET chats/{id}/messages: at most 30, oldest first, without the caller's muted people. */
    async history(user: AuthUser, site: ChatSite, chatId: string, q: { after?: string; before?: string }) {
      const room = roomOf(chatId);
      await admit(user, site, room);
      const row = await currentUser(user);
      const rows = await repo.history(key(site.uid, room), {
        limit: CHAT_HISTORY_PAGE,
        after: q.after,
        before: q.before,
        hiding: row.muted,
      });
      return rows.map(toMessage);
    },

    /** DELETE chats/{id}/messages/{messageId}: staff, support and admin. */
    async deleteMessage(user: AuthUser, site: ChatSite, chatId: string, messageId: string): Promise<void> {
      const room = roomOf(chatId);
      ownSite(site, user);
      await roles.require(
        user,
        site.uid,
        'chat.delete',
        'Only staff, admin and support may delete a chat message',
      );
      const row = await repo.findMessage(key(site.uid, room), messageId);
      if (!row || row.deleted_at !== null) throw notFound(`Message '${messageId}'`);
      if (!(await repo.deleteMessage(row.id, user.id, iso(now())))) throw notFound(`Message '${messageId}'`);
      publisher?.deleted(site.uid, room, { chatId, id: row.id });
    },

    /**
     * PATCH chats/ban: staff, support and admin only (§6); 48 hours unless an earlier end is given;
     * null lifts it. The banned user's sockets on every node are told at once.
     */
    async ban(
      user: AuthUser,
      site: ChatSite,
      body: { userId: string; chatBanUntil?: string | null },
    ): Promise<ChatBan> {
      ownSite(site, user);
      await roles.require(user, site.uid, 'chat.ban', 'Only staff, admin and support may ban a chat user');
      if (body.userId === user.id) throw badRequest('userId', 'You cannot ban yourself');
      const target = await repo.user(body.userId);
      if (!target || target.site_uid !== site.uid) throw notFound(`User '${body.userId}'`);
      if (await isVerified(site.uid, target))
        throw new AppError(403, 'forbidden', 'Staff, admin and support cannot be banned from chat');
      let until: string | null;
      if (body.chatBanUntil === null) {
        await repo.clearBan(site.uid, target.id);
        until = null;
      } else {
        const at = now();
        const end = body.chatBanUntil === undefined ? at + CHAT_BAN_MS : Date.parse(body.chatBanUntil);
        if (end <= at) throw badRequest('chatBanUntil', 'chatBanUntil must be in the future');
        if (end > at + CHAT_BAN_MS) throw badRequest('chatBanUntil', 'A chat ban lasts at most 48 hours');
        until = iso(end);
        await repo.setBan({ siteUid: site.uid, userId: target.id, until, by: user.id, at: iso(at) });
      }
      publisher?.suspended(site.uid, target.id, {
        chatBanUntil: until,
        message: until ? CHAT_SUSPENDED_MESSAGE : 'Your chat privileges have been restored.',
      });
      return { userId: target.id, chatBanUntil: until };
    },

    /** PATCH chats/mute/{id} {mute}: any signed-in user of the site, for themself. */
    async mute(user: AuthUser, site: ChatSite, targetId: string, mute: boolean): Promise<ChatMuteAnswer> {
      ownSite(site, user);
      if (targetId === user.id) throw badRequest('userId', 'You cannot mute yourself');
      if (mute) {
        const [target] = await repo.users(site.uid, [targetId]);
        if (!target) throw notFound(`User '${targetId}'`);
      }
      const userMuteList = await editMuteList(user.id, (list) => {
        if (!mute) return list.filter((id) => id !== targetId);
        if (list.includes(targetId)) return list;
        if (list.length >= CHAT_MUTE_LIST_MAX)
          throw new AppError(409, 'muteListFull', `You can mute at most ${CHAT_MUTE_LIST_MAX} people`);
        return [...list, targetId];
      });
      return { userId: targetId, mute, userMuteList };
    },

    /** GET chats/muteList/: the caller's muted people, with their chat names. */
    async muteList(user: AuthUser, site: ChatSite): Promise<ChatUser[]> {
      ownSite(site, user);
      const row = await currentUser(user);
      return this.users(user, site, row.muted);
    },

    /** POST chats/users {userIds}: the site's users among them, as chat shows them. */
    async users(user: AuthUser, site: ChatSite, userIds: string[]): Promise<ChatUser[]> {
      ownSite(site, user);
      const rows = await repo.users(site.uid, [...new Set(userIds)]);
      return Promise.all(rows.map((r) => toChatUser(site.uid, r)));
    },

    /** PATCH chats/username: the name the user chats under ("add name to chat"). */
    async setUsername(user: AuthUser, site: ChatSite, name: string): Promise<{ chatUsername: string }> {
      ownSite(site, user);
      const problem = chatNameProblem(name);
      if (problem) throw badRequest('chatUsername', problem);
      await currentUser(user);
      await repo.setChatUsername(user.id, name.trim());
      return { chatUsername: name.trim() };
    },
  };
}
