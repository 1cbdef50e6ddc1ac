import type { Kysely } from 'kysely';

// Playback quality reported by the players (decision 0083): one row per playback session, holding
// the session's latest running totals. A report replaces the row only when its seq is higher, so
// replays and late duplicates change nothing; the operators' figures are summed from these rows
// per title and day (the UTC day the session started).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('playback_sessions')
    .addColumn('site_uid', 'text', (c) => c.notNull().references('sites.uid').onDelete('cascade'))
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('video_uid', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('engine', 'text', (c) => c.notNull())
    // __source: web, webMobile or the TV type.
    .addColumn('source', 'text')
    .addColumn('startup_ms', 'integer')
    // STARTUP_BUCKETS_MS index (packages/domain), null with startup_ms.
    .addColumn('startup_bucket', 'integer')
    .addColumn('watched_ms', 'integer', (c) => c.notNull())
    .addColumn('stalled_ms', 'integer', (c) => c.notNull())
    .addColumn('stall_count', 'integer', (c) => c.notNull())
    .addColumn('bitrate_switches', 'integer', (c) => c.notNull())
    .addColumn('average_bitrate', 'integer')
    .addColumn('last_bitrate', 'integer')
    .addColumn('error_code', 'text')
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('playback_sessions_pk', ['site_uid', 'session_id'])
    .execute();
  // The operators' read: a site's sessions over a range of days, per title.
  await db.schema
    .createIndex('playback_sessions_by_day')
    .on('playback_sessions')
    .columns(['site_uid', 'day', 'video_uid'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('playback_sessions').execute();
}
