import type { Kysely } from 'kysely';

// Rotating refresh tokens (accounts-and-commerce §4 Session). Only the sha256 of each opaque token
// is stored; a login starts a family, every refresh adds the next token of that family.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('refresh_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('site_uid', 'text', (c) => c.notNull().references('sites.uid').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('family_id', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('replaced_by', 'text')
    .addColumn('revoked_at', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('ip', 'text')
    .execute();
  await db.schema.createIndex('refresh_tokens_by_family').on('refresh_tokens').column('family_id').execute();
  await db.schema.createIndex('refresh_tokens_by_user').on('refresh_tokens').column('user_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('refresh_tokens').execute();
}
