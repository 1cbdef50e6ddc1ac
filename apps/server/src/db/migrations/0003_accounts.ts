import type { Kysely } from 'kysely';

// Accounts (accounts-and-commerce §4–§7): password and terms state on users, one-time codes
// (reset, autologin, passcode), TV second screens (device activation by code), social identities,
// and the device type of each session.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const column of [
    'password_changed_at',
    'password_expires_at',
    'locked_at',
    'terms_accepted_at',
    'name_changed_at',
    'deletion_requested_at',
  ])
    await db.schema.alterTable('users').addColumn(column, 'text').execute();

  await db.schema.alterTable('sites').addColumn('terms_text', 'text').execute();
  await db.schema.alterTable('sites').addColumn('terms_updated_at', 'text').execute();

  await db.schema.alterTable('refresh_tokens').addColumn('device_type', 'text').execute();

  await db.schema
    .createTable('one_time_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('site_uid', 'text', (c) => c.notNull().references('sites.uid').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('one_time_codes_by_user')
    .on('one_time_codes')
    .columns(['user_id', 'kind'])
    .execute();

  await db.schema
    .createTable('second_screens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('site_uid', 'text', (c) => c.notNull().references('sites.uid').onDelete('cascade'))
    .addColumn('device_id', 'text', (c) => c.notNull())
    .addColumn('device_type', 'text', (c) => c.notNull())
    .addColumn('user_code', 'text', (c) => c.notNull())
    .addColumn('code_expires_at', 'text', (c) => c.notNull())
    .addColumn('poll_interval_s', 'integer', (c) => c.notNull())
    .addColumn('last_polled_at', 'text')
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('activated_at', 'text')
    .addColumn('family_id', 'text')
    .addColumn('delivered_at', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('second_screens_by_device')
    .on('second_screens')
    .columns(['site_uid', 'device_id'])
    .execute();
  await db.schema.createIndex('second_screens_by_code').on('second_screens').column('user_code').execute();

  await db.schema
    .createTable('user_identities')
    .addColumn('site_uid', 'text', (c) => c.notNull().references('sites.uid').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_identities_pk', ['site_uid', 'provider', 'subject'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('user_identities').execute();
  await db.schema.dropTable('second_screens').execute();
  await db.schema.dropTable('one_time_codes').execute();
  await db.schema.alterTable('refresh_tokens').dropColumn('device_type').execute();
  await db.schema.alterTable('sites').dropColumn('terms_updated_at').execute();
  await db.schema.alterTable('sites').dropColumn('terms_text').execute();
  for (const column of [
    'deletion_requested_at',
    'name_changed_at',
    'terms_accepted_at',
    'locked_at',
    'password_expires_at',
    'password_changed_at',
  ])
    await db.schema.alterTable('users').dropColumn(column).execute();
}
