import type { Kysely } from 'kysely';

// Bot messages in chat (decision 0052): a message's type ('message' from a user, 'bot' from the
// room's bot) and, for a message to one viewer only (a party's "You have lost sync with the
// host."), its recipient; others' history leaves it out.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('chat_messages')
    .addColumn('type', 'text', (c) => c.notNull().defaultTo('message'))
    .execute();
  await db.schema.alterTable('chat_messages').addColumn('to_user_id', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('chat_messages').dropColumn('to_user_id').execute();
  await db.schema.alterTable('chat_messages').dropColumn('type').execute();
}
