import type { Kysely } from 'kysely';

// Embed settings per site (discovery-and-site §2.12, playback-and-social §6 "Embed control messages
// are accepted only from two allow-listed ad partner sites"): { allowedOrigins: string[] }.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('sites')
    .addColumn('embed', 'text', (c) => c.notNull().defaultTo('{"allowedOrigins":[]}'))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sites').dropColumn('embed').execute();
}
