import type { Kysely } from 'kysely';
import { isPostgres } from '../dialect';

// Analytics events (discovery-and-site §7 Analytics; decision 0021): one row per accepted event,
// appended in multi-row batches. The spec's body is kept whole in `payload`; the columns the
// summary and ad-hoc queries need are copied out of it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable('analytics_events')
    .addColumn('id', pg ? 'bigserial' : 'integer', (c) =>
      pg ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('site_uid', 'text', (c) => c.notNull().references('sites.uid').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    // The event's `type` where its kind has one (video, liveChannel, share, smartBanner).
    .addColumn('type', 'text')
    .addColumn('video_uid', 'text')
    // Seconds watched (watch, liveChannelWatch); double, so sums over many events stay exact enough.
    .addColumn('duration_s', 'double precision')
    .addColumn('payload', 'text', (c) => c.notNull())
    // The signed-in viewer; deleting the account keeps the event without it.
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    // __source: web, webMobile or the TV type.
    .addColumn('source', 'text')
    .addColumn('device_id', 'text')
    .addColumn('session_id', 'text')
    // When the server accepted the event (not when the batch was written).
    .addColumn('received_at', 'text', (c) => c.notNull())
    .execute();
  // The summary: a site's events in a time window.
  await db.schema
    .createIndex('analytics_events_by_site_time')
    .on('analytics_events')
    .columns(['site_uid', 'received_at'])
    .execute();
  // Deleting an account clears its events' user_id: partial, so anonymous events cost no index entry.
  await db.schema
    .createIndex('analytics_events_by_user')
    .on('analytics_events')
    .column('user_id')
    .where('user_id', 'is not', null)
    .execute();
}
