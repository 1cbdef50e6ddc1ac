import { randomBytes } from 'node:crypto';
import type { ChatGrant, ChatMessage } from '@marquee/contract';
import {
  CHAT_BOT,
  CHAT_FLOOD,
  CHAT_HISTORY_PAGE,
  CHAT_TOKEN_TTL_MS,
  chatDisplayName,
  normalizeChatMessage,
  slowModeSecondsOf,
} from '@marquee/domain';
import type { RateLimiter } from '../../infra/rate-limiter';
import type { AuthUser } from '../../plugins/auth';
import { AppError, badRequest, rateLimited } from '../../plugins/errors';
import { chatTokenExpired, createChatTokens, type ChatClaims } from './chat-token';
import { nameRequired, suspended, type ChatCore, type ChatRoom, type ChatSite } from './chat-core';
import type { ChatMessageRow } from './chat.repository';

/**
 * Chat tokens, joining a room, messages and history: the token grant, a socket's join, sending
 * (the 140-character, name and ban checks, the flood limit and slow mode through the shared
 * limiter, so across nodes) and reading a room's messages.
 */
export function createChatMessages(
  core: ChatCore,
  deps: {
    limiter: RateLimiter;
    /** The auth secret: chat tokens are signed under a key derived from it. */
    secret: string;
  },
) {
  const { repo, now, iso, roomOf, key, admit, activeBan, currentUser, isVerified, toMessage } = core;
  const { limiter } = deps;
  const tokens = createChatTokens(deps.secret);
  // Ids sort in time order; within one millisecond of this node, in the order they were made.
  let last = { at: 0, seq: 0 };
  const messageId = (at: number) => {
    last = at > last.at ? { at, seq: 0 } : { at: last.at, seq: last.seq + 1 };
    const time = last.at.toString(36).padStart(10, '0');
    return `m${time}${last.seq.toString(36).padStart(4, '0')}${randomBytes(5).toString('hex')}`;
  };

  /**
   * Counts a message against the flood limit, then slow mode (moderators are not slowed: they
   * answer and steer the room); refuses with 429 and when to retry.
   */
  async function throttle(site: ChatSite, room: ChatRoom, userId: string, moderator: boolean): Promise<void> {
    const floodKey = `chat:flood:${site.uid}:${userId}`;
    const flood = await limiter.hit(floodKey, CHAT_FLOOD);
    if (!flood.allowed)
      throw rateLimited(flood.retryAfterMs, 'You are sending messages too fast. Please wait a moment');
    const seconds = moderator ? 0 : slowModeSecondsOf(site.perms, site.chat);
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
    const verified = await isVerified(site.uid, row);
    await throttle(site, room, user.id, verified);
    return post(site, room, {
      user_id: user.id,
      username,
      value: text.value,
      verified: verified ? 1 : 0,
      type: 'message',
      to_user_id: null,
    });
  }

  /** Stores a message and tells the room (a message to one viewer, only their sockets in it). */
  async function post(
    site: ChatSite,
    room: ChatRoom,
    fields: Pick<ChatMessageRow, 'user_id' | 'username' | 'value' | 'verified' | 'type' | 'to_user_id'>,
  ): Promise<ChatMessage> {
    const at = now();
    const stored: ChatMessageRow = {
      id: messageId(at),
      site_uid: site.uid,
      room_kind: room.kind,
      room_id: room.id,
      ...fields,
      created_at: iso(at),
      deleted_at: null,
      deleted_by: null,
    };
    await repo.insertMessage(stored);
    const message = toMessage(stored);
    core.publisher()?.message(site.uid, room, message);
    return message;
  }

  /**
   * The room's bot says `value` (§4.9 "The bot message is 'You have lost sync with the host.'"),
   * to the whole room or, with `to`, to that viewer only (decision 0052). No user is its author:
   * no name, ban, slow mode or flood check, so it never uses up anyone's turn to write. Null
   * where the site hides chat (nobody would read it).
   */
  async function botMessage(
    site: ChatSite,
    chatId: string,
    value: string,
    to?: string,
  ): Promise<ChatMessage | null> {
    if (site.perms.hideChat || !site.chat.enabled) return null;
    return post(site, roomOf(chatId), {
      user_id: CHAT_BOT.publisher,
      username: CHAT_BOT.username,
      value,
      verified: 0,
      type: 'bot',
      to_user_id: to ?? null,
    });
  }

  return {
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
        slowModeSeconds: (await isVerified(site.uid, row)) ? 0 : slowModeSecondsOf(site.perms, site.chat),
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
      if (claims.exp <= now()) throw chatTokenExpired();
      if (claims.userId !== user.id || claims.site !== user.siteUid)
        throw new AppError(403, 'chatTokenNotYours', 'This chat token was issued to someone else', 'token');
      const room = roomOf(claims.chatId);
      await admit(user, site, room);
      const messages = await this.history(user, site, claims.chatId, { after });
      return { claims, room, messages };
    },

    /** A joined socket's periodic check (decision 0053): refuses what `admit` would refuse now. */
    async recheck(user: AuthUser, site: ChatSite, room: ChatRoom): Promise<void> {
      await admit(user, site, room);
    },

    send,

    botMessage,

    /** GET chats/{id}/messages: at most 30, oldest first, without the caller's muted people. */
    async history(user: AuthUser, site: ChatSite, chatId: string, q: { after?: string; before?: string }) {
      const room = roomOf(chatId);
      await admit(user, site, room);
      const row = await currentUser(user);
      const rows = await repo.history(key(site.uid, room), {
        viewer: user.id,
        limit: CHAT_HISTORY_PAGE,
        after: q.after,
        before: q.before,
        hiding: row.muted,
      });
      return rows.map(toMessage);
    },
  };
}
