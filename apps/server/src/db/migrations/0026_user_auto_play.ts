import type { Kysely } from 'kysely';

// The viewer's autoPlay setting (playback-and-social §3 User.autoPlay, §4.5 "autoPlay off → back"):
// on unless the viewer turns it off in the account.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('auto_play', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('auto_play').execute();
}
