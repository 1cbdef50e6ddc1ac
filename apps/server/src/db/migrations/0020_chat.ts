import type { Kysely } from 'kysely';

// Chat (decision 0045): the persisted messages of every room (live event, video, live channel,
// party), the 48-hour bans, and on the user the chat name and the muted list the profile shows.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('chat_messages')
    // Time-sortable: 'm', the creation instant in base 36 (fixed width), then random hex.
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('site_uid', 'text', (c) => c.notNull().references('sites.uid').onDelete('cascade'))
    .addColumn('room_kind', 'text', (c) => c.notNull())
    .addColumn('room_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .addColumn('deleted_by', 'text')
    .execute();
  await db.schema
    .createIndex('chat_messages_room_idx')
    .on('chat_messages')
    .columns(['site_uid', 'room_kind', 'room_id', 'id'])
    .execute();
  await db.schema
    .createTable('chat_bans')
    .addColumn('site_uid', 'text', (c) => c.notNull().references('sites.uid').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('until', 'text', (c) => c.notNull())
    .addColumn('banned_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('chat_bans_pk', ['site_uid', 'user_id'])
    .execute();
  await db.schema.alterTable('users').addColumn('chat_username', 'text').execute();
  await db.schema.alterTable('users').addColumn('chat_mute_list', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('chat_mute_list').execute();
  await db.schema.alterTable('users').dropColumn('chat_username').execute();
  await db.schema.dropTable('chat_bans').execute();
  await db.schema.dropTable('chat_messages').execute();
}
