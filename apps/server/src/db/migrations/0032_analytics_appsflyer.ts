import type { Kysely } from 'kysely';

// The `appsflyer-id` header (playback-and-social §7: "an appsflyer-id header taken from a cookie")
// recorded with each analytics event (decision 0060). Fullscreen logs and heartbeat beats are rows
// of their own kinds in the same table; they need no column.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('analytics_events').addColumn('appsflyer_id', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('analytics_events').dropColumn('appsflyer_id').execute();
}
