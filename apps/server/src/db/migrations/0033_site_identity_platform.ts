import type { Kysely } from 'kysely';

// The external identity platform a site signs its viewers in through (accounts-and-commerce §6: "When
// an external identity platform is enabled, signup and profile editing are disabled"; decision 0061):
// null (none) or { provider, name } JSON, provider being a configured OpenID Connect provider's id.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sites').addColumn('identity_platform', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sites').dropColumn('identity_platform').execute();
}
