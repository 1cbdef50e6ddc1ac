import type { Kysely } from 'kysely';

// The device secret (decision 0038): a registration stores the SHA-256 of the secret it hands
// out, and polls and later registrations of the same deviceId must present that secret. Rows
// from before have none: their polls are refused, and the TV registers afresh.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('second_screens').addColumn('secret_hash', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('second_screens').dropColumn('secret_hash').execute();
}
