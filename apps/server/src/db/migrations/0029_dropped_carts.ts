import type { Kysely } from 'kysely';

// Dropped carts (accounts-and-commerce §7 "POST me/sites/{site}/dropped-cart: bundleId,
// bundleName"; decision 0060): one row per viewer and bundle (the unique index makes a repeat drop
// an update: `times` + 1, `dropped_at` moved). Rows go with the account or the site; a purchase of
// the bundle removes its row (the purchaseChanged event).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('dropped_carts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('site_uid', 'text', (c) => c.notNull().references('sites.uid').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('bundle_id', 'text', (c) => c.notNull())
    .addColumn('bundle_name', 'text', (c) => c.notNull())
    .addColumn('times', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('first_dropped_at', 'text', (c) => c.notNull())
    .addColumn('dropped_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('dropped_carts_once')
    .on('dropped_carts')
    .columns(['user_id', 'bundle_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('dropped_carts_recent')
    .on('dropped_carts')
    .columns(['site_uid', 'dropped_at'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('dropped_carts').execute();
}
