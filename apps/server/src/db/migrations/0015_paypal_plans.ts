import type { Kysely } from 'kysely';

// PayPal billing plans (decision 0031): one per site, bundle, price, trial and currency, so a restart
// (or another node) subscribes buyers to the plan made before instead of creating a new one.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('paypal_plans')
    .addColumn('site_uid', 'text', (c) => c.notNull())
    .addColumn('bundle_id', 'text', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('trial_days', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('plan_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('paypal_plans_pk', [
      'site_uid',
      'bundle_id',
      'price_cents',
      'trial_days',
      'currency',
    ])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('paypal_plans').execute();
}
