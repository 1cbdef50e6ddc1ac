import type { Kysely } from 'kysely';

// Moments (discovery-and-site §3, §7): a viewer's comment at a time of a video. `hidden_at` is
// set when staff hide one (moderation); hidden moments are never listed.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('moments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('site_uid', 'text', (c) => c.notNull().references('sites.uid').onDelete('cascade'))
    .addColumn('video_uid', 'text', (c) => c.notNull())
    .addColumn('channel_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('timemarker', 'real', (c) => c.notNull())
    .addColumn('tag', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('hidden_at', 'text')
    .execute();
  await db.schema
    .createIndex('moments_by_video')
    .on('moments')
    .columns(['site_uid', 'video_uid', 'timemarker'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('moments').execute();
}
