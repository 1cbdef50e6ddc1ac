import type { Kysely } from 'kysely';

// A video's IAB content category (playback-and-social §3 Video `ads.iabCategory`, the player
// payload's `iabCategory`): sent to the ad server with each ad request (decision 0064).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('videos').addColumn('iab_category', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('videos').dropColumn('iab_category').execute();
}
