import type { ChatBan, ChatMuteAnswer, ChatUser } from '@marquee/contract';
import { CHAT_BAN_MS, CHAT_MUTE_LIST_MAX, CHAT_SUSPENDED_MESSAGE, chatNameProblem } from '@marquee/domain';
import type { AuthUser } from '../../plugins/auth';
import { AppError, badRequest, notFound } from '../../plugins/errors';
import { parseMuteList } from '../auth';
import { ownSite } from '../sites';
import { userGone, type ChatCore, type ChatSite } from './chat-core';

/**
 * Moderation and people: staff deletion, 48-hour bans (the ban table is the one source of truth
 * for suspension), each user's muted list, chat names of users, and the name one chats under.
 */
export function createChatModeration(core: ChatCore) {
  const { repo, roles, now, iso, roomOf, key, currentUser, isVerified, toChatUser } = core;

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
      core.publisher()?.deleted(site.uid, room, { chatId, id: row.id });
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
      core.publisher()?.suspended(site.uid, target.id, {
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
