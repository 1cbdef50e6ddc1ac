import type { Kysely } from 'kysely';

// Plays (decision 0018): who started which VOD item, counted once per viewer and video per 30 min,
// and plays per video and day for the popular window. videos.view_count stays the all-time total.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // One row per viewer and video: the dedupe window and the watch history of every viewer, signed
  // in ('u:' + user id) or not (a keyed hash of address and user agent).
  await db.schema
    .createTable('viewer_plays')
    .addColumn('site_uid', 'text', (c) => c.notNull().references('sites.uid').onDelete('cascade'))
    .addColumn('viewer_key', 'text', (c) => c.notNull())
    .addColumn('video_uid', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    // Set for signed-in viewers, so deleting the account deletes its plays.
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('last_played_at', 'text', (c) => c.notNull())
    .addColumn('plays', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('viewer_plays_pk', ['site_uid', 'viewer_key', 'video_uid'])
    .execute();
  // "Viewers who watched this": the most recent viewers of one video.
  await db.schema
    .createIndex('viewer_plays_by_video')
    .on('viewer_plays')
    .columns(['site_uid', 'video_uid', 'last_played_at'])
    .execute();
  await db.schema.createIndex('viewer_plays_by_user').on('viewer_plays').column('user_id').execute();

  // Counted plays per video and UTC day: the popular window sums at most 30 rows per video.
  await db.schema
    .createTable('video_play_days')
    .addColumn('site_uid', 'text', (c) => c.notNull().references('sites.uid').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('video_uid', 'text', (c) => c.notNull())
    .addColumn('plays', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('video_play_days_pk', ['site_uid', 'day', 'video_uid'])
    .execute();

  // The same question of the signed-in watch history (progress rows, decision 0017).
  await db.schema
    .createIndex('watch_progress_by_video')
    .on('watch_progress')
    .columns(['site_uid', 'video_uid', 'updated_at'])
    .execute();
}
