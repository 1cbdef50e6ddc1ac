import type { Kysely } from 'kysely';

// Watch progress (playback-and-social §4.8, §7 Progress): one row per viewer and video, the latest
// position, with the finished flag computed by the server's rule.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('watch_progress')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('site_uid', 'text', (c) => c.notNull().references('sites.uid').onDelete('cascade'))
    .addColumn('video_uid', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('series_uid', 'text')
    .addColumn('position_s', 'real', (c) => c.notNull())
    .addColumn('duration_s', 'real', (c) => c.notNull())
    .addColumn('finished', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('watch_progress_pk', ['user_id', 'video_uid'])
    .execute();
  // Continue watching: a viewer's unfinished items, newest first.
  await db.schema
    .createIndex('watch_progress_recent')
    .on('watch_progress')
    .columns(['user_id', 'finished', 'updated_at'])
    .execute();
}
