import type { Kysely } from 'kysely';

// Reports of viewers' moments and gifs, and staff moderation (issue 16 Must-have 11; decision
// 0054). One report per viewer per item (the unique index answers a second one, even a racing
// one, with 409). A report is `open` until staff hide the item (`hidden`) or dismiss it
// (`dismissed`). Gifs get the `hidden_at` moments have had since 0023.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('content_reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('site_uid', 'text', (c) => c.notNull().references('sites.uid').onDelete('cascade'))
    .addColumn('item_kind', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('closed_at', 'text')
    .addColumn('closed_by', 'text')
    .execute();
  await db.schema
    .createIndex('content_reports_once')
    .on('content_reports')
    .columns(['item_kind', 'item_id', 'user_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('content_reports_open')
    .on('content_reports')
    .columns(['site_uid', 'status', 'created_at'])
    .execute();
  await db.schema.alterTable('gifs').addColumn('hidden_at', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('gifs').dropColumn('hidden_at').execute();
  await db.schema.dropTable('content_reports').execute();
}
