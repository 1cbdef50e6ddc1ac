import type { Kysely } from 'kysely';

// A Clear Key (CENC) asset's key id (decision 0081): null for an AES-128 HLS key (decision 0024),
// 16 bytes hex for a key the Clear Key licence endpoint hands out by its kid.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('media_asset_keys').addColumn('kid_hex', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('media_asset_keys').dropColumn('kid_hex').execute();
}
