import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { ChatMessagesTable } from '../../db/schema';
import { parseMuteList } from '../auth';

export type ChatRepository = ReturnType<typeof createChatRepository>;
export type ChatMessageRow = Selectable<ChatMessagesTable>;
export type ChatRoomKey = { siteUid: string; kind: string; id: string };
export type ChatUserRow = {
  id: string;
  site_uid: string;
  first_name: string;
  chat_username: string | null;
  roles: string[];
  muted: string[];
};

/** Every SQL statement of chat: messages, bans, and the chat columns of users. */
export function createChatRepository(db: Db) {
  const userColumns = ['id', 'site_uid', 'first_name', 'chat_username', 'roles', 'chat_mute_list'] as const;
  const toUser = (r: {
    id: string;
    site_uid: string;
    first_name: string;
    chat_username: string | null;
    roles: string;
    chat_mute_list: string | null;
  }): ChatUserRow => ({
    id: r.id,
    site_uid: r.site_uid,
    first_name: r.first_name,
    chat_username: r.chat_username,
    roles: JSON.parse(r.roles) as string[],
    muted: parseMuteList(r.chat_mute_list),
  });

  return {
    insertMessage: (row: Insertable<ChatMessagesTable>) =>
      db.insertInto('chat_messages').values(row).execute(),

    /**
     * At most `limit` live (not deleted) messages of the room, oldest first: the newest ones, or
     * the newest after / before a message id (ids sort in time order). Messages to one user only
     * are among them for that `viewer` alone.
     */
    async history(
      room: ChatRoomKey,
      opts: { viewer: string; limit: number; after?: string; before?: string; hiding?: string[] },
    ): Promise<ChatMessageRow[]> {
      let query = db
        .selectFrom('chat_messages')
        .selectAll()
        .where('site_uid', '=', room.siteUid)
        .where('room_kind', '=', room.kind)
        .where('room_id', '=', room.id)
        .where('deleted_at', 'is', null)
        .where((eb) => eb.or([eb('to_user_id', 'is', null), eb('to_user_id', '=', opts.viewer)]));
      if (opts.after !== undefined) query = query.where('id', '>', opts.after);
      if (opts.before !== undefined) query = query.where('id', '<', opts.before);
      if (opts.hiding && opts.hiding.length > 0) query = query.where('user_id', 'not in', opts.hiding);
      const rows = await query.orderBy('id', 'desc').limit(opts.limit).execute();
      return rows.reverse();
    },

    findMessage: (room: ChatRoomKey, id: string) =>
      db
        .selectFrom('chat_messages')
        .selectAll()
        .where('site_uid', '=', room.siteUid)
        .where('room_kind', '=', room.kind)
        .where('room_id', '=', room.id)
        .where('id', '=', id)
        .executeTakeFirst(),

    /** Marks a message deleted; false when it was already. */
    async deleteMessage(id: string, by: string, at: string): Promise<boolean> {
      const res = await db
        .updateTable('chat_messages')
        .set({ deleted_at: at, deleted_by: by })
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return res.numUpdatedRows > 0n;
    },

    /** The user's ban's end (ISO), if a ban row exists (it may have ended). */
    async banUntil(siteUid: string, userId: string): Promise<string | null> {
      const row = await db
        .selectFrom('chat_bans')
        .select('until')
        .where('site_uid', '=', siteUid)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row?.until ?? null;
    },

    setBan: (ban: { siteUid: string; userId: string; until: string; by: string; at: string }) =>
      db
        .insertInto('chat_bans')
        .values({
          site_uid: ban.siteUid,
          user_id: ban.userId,
          until: ban.until,
          banned_by: ban.by,
          created_at: ban.at,
        })
        .onConflict((oc) =>
          oc
            .columns(['site_uid', 'user_id'])
            .doUpdateSet({ until: ban.until, banned_by: ban.by, created_at: ban.at }),
        )
        .execute(),

    clearBan: (siteUid: string, userId: string) =>
      db.deleteFrom('chat_bans').where('site_uid', '=', siteUid).where('user_id', '=', userId).execute(),

    async user(id: string): Promise<ChatUserRow | undefined> {
      const row = await db.selectFrom('users').select(userColumns).where('id', '=', id).executeTakeFirst();
      return row && toUser(row);
    },

    /** The site's users among `ids` (others are left out). */
    async users(siteUid: string, ids: string[]): Promise<ChatUserRow[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('users')
        .select(userColumns)
        .where('site_uid', '=', siteUid)
        .where('id', 'in', ids)
        .execute();
      return rows.map(toUser);
    },

    setChatUsername: (id: string, name: string) =>
      db.updateTable('users').set({ chat_username: name }).where('id', '=', id).execute(),

    /**
     * Replaces the muted list only while it is still `expected` (as read), so two racing mute
     * calls cannot drop each other's change; false when it changed meanwhile.
     */
    async replaceMuteList(id: string, expected: string | null, next: string[]): Promise<boolean> {
      let query = db
        .updateTable('users')
        .set({ chat_mute_list: JSON.stringify(next) })
        .where('id', '=', id);
      query =
        expected === null
          ? query.where('chat_mute_list', 'is', null)
          : query.where('chat_mute_list', '=', expected);
      const res = await query.executeTakeFirst();
      return res.numUpdatedRows > 0n;
    },

    async rawMuteList(id: string): Promise<string | null | undefined> {
      const row = await db
        .selectFrom('users')
        .select('chat_mute_list')
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? row.chat_mute_list : undefined;
    },
  };
}
