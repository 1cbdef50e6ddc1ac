import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

// Commerce (accounts-and-commerce §3 Bundle, Payment method, Order; decision 0029): the bundle
// fields the entity lists that 0001 lacked, coupon kinds, the operator's tax table, saved payment
// methods, every charge attempt, idempotency keys, webhook de-duplication, and the embedded test
// gateway's own ledger (it plays an external gateway, so its state is kept apart from ours).
// Money is integer cents throughout.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  type Build = (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;
  const bundleColumns: [string, 'text' | 'integer', Build?][] = [
    ['original_amount_cents', 'integer'],
    // days (default), weeks, months
    ['trial_duration_unit', 'text'],
    // The billing period of a 'period' plan (with duration_unit); rentals use duration.
    ['period_duration', 'integer'],
    ['requires_shipping_address', 'integer', (c) => c.notNull().defaultTo(0)],
    // A bundle only sold to viewers who know its passcode (they send it with the order).
    ['passcode', 'text'],
    ['premium', 'integer', (c) => c.notNull().defaultTo(0)],
    ['subscribe_allowed', 'integer', (c) => c.notNull().defaultTo(1)],
    ['purchased_text', 'text'],
    ['unlisted_description', 'text'],
    ['unlisted_redirect', 'text'],
    ['hide_channel_details', 'integer', (c) => c.notNull().defaultTo(0)],
    ['giftable', 'integer', (c) => c.notNull().defaultTo(0)],
    // Listing order on the subscribe page.
    ['position', 'integer', (c) => c.notNull().defaultTo(0)],
  ];
  for (const [name, type, build] of bundleColumns)
    await db.schema
      .alterTable('bundles')
      .addColumn(name, type, build ?? ((c) => c))
      .execute();

  // any, bundle or rental ("Coupon is not applicable to Rental/Bundle", §5).
  await db.schema
    .alterTable('coupons')
    .addColumn('applies_to', 'text', (c) => c.notNull().defaultTo('any'))
    .execute();

  // What commerce keeps on a purchase beyond the §3 entity (0010): the trial's end (a user has
  // "used a trial" on a site once a purchase of theirs had one), the current period's start and
  // what was paid for it (proration), what later cycles cost, and the saved method renewals charge.
  for (const [name, type] of [
    ['trial_ends_at', 'text'],
    ['period_started_at', 'text'],
    ['period_paid_cents', 'integer'],
    ['next_cycle_cents', 'integer'],
    ['payment_method_id', 'text'],
  ] as const)
    await db.schema.alterTable('purchases').addColumn(name, type).execute();

  await db.schema
    .createTable('tax_rates')
    .addColumn('site_uid', 'text', (c) => c.notNull().references('sites.uid').onDelete('cascade'))
    .addColumn('country_code', 'text', (c) => c.notNull())
    // '' = the whole country
    .addColumn('state', 'text', (c) => c.notNull().defaultTo(''))
    // basis points: 725 = 7.25 %
    .addColumn('rate_bp', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('tax_rates_pk', ['site_uid', 'country_code', 'state'])
    .execute();

  await db.schema
    .createTable('payment_methods')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('site_uid', 'text', (c) => c.notNull().references('sites.uid').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('gateway', 'text', (c) => c.notNull())
    // The gateway's reference for the saved card (never the number).
    .addColumn('gateway_token', 'text', (c) => c.notNull())
    .addColumn('card_type', 'text')
    .addColumn('last4', 'text', (c) => c.notNull())
    .addColumn('exp_month', 'integer', (c) => c.notNull())
    .addColumn('exp_year', 'integer', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'text')
    .addColumn('billing_address', 'text')
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('payment_methods_by_user')
    .on('payment_methods')
    .columns(['user_id', 'gateway'])
    .execute();
  // At most one default per user and gateway.
  await db.schema
    .createIndex('payment_methods_one_default')
    .on('payment_methods')
    .columns(['user_id', 'gateway'])
    .unique()
    .where(sql.ref('is_default'), '=', 1)
    .execute();

  // Every charge attempt, written BEFORE the gateway is called (decision 0029).
  await db.schema
    .createTable('gateway_charges')
    // Also the idempotency key sent to the gateway.
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('site_uid', 'text', (c) => c.notNull().references('sites.uid').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The client's key, scoped to the user: one charge per key.
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('gateway', 'text', (c) => c.notNull())
    .addColumn('payment_method_id', 'text')
    // The bundle or rental bought: one pending checkout per user and offer (different keys racing).
    .addColumn('resource_id', 'text')
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('USD'))
    // pending, succeeded, declined, failed, abandoned
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('gateway_ref', 'text')
    .addColumn('decline_code', 'text')
    .addColumn('error_message', 'text')
    // JSON: everything needed to write the purchase (so reconcile can write it without the request).
    .addColumn('purchase_plan', 'text', (c) => c.notNull())
    .addColumn('purchase_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // Reconcile scans the charges without a purchase.
  await db.schema
    .createIndex('gateway_charges_unrecorded')
    .on('gateway_charges')
    .column('created_at')
    .where(sql.ref('purchase_id'), 'is', null)
    .execute();
  await db.schema
    .createIndex('gateway_charges_one_pending')
    .on('gateway_charges')
    .columns(['user_id', 'resource_id'])
    .unique()
    .where(sql.ref('status'), '=', 'pending')
    .execute();
  await db.schema
    .createIndex('gateway_charges_by_user')
    .on('gateway_charges')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('idempotency_keys')
    // user-scoped: `${userId}:${key}`
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('route', 'text', (c) => c.notNull())
    // sha256 of the body: the same key with another body is refused.
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('response', 'text')
    // While a request holds the key; a retry after this instant takes it over.
    .addColumn('locked_until', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('webhook_events')
    .addColumn('gateway', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addColumn('processed_at', 'text')
    .addPrimaryKeyConstraint('webhook_events_pk', ['gateway', 'event_id'])
    .execute();

  // The embedded `test` gateway's side: cards it saved and charges it made, by idempotency key.
  await db.schema
    .createTable('test_gateway_methods')
    .addColumn('token', 'text', (c) => c.primaryKey())
    // succeed, or the decline code every charge of it gets
    .addColumn('behaviour', 'text', (c) => c.notNull())
    .addColumn('last4', 'text', (c) => c.notNull())
    .addColumn('detached', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('test_gateway_charges')
    .addColumn('idempotency_key', 'text', (c) => c.primaryKey())
    .addColumn('ref', 'text', (c) => c.notNull().unique())
    .addColumn('method_token', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    // succeeded, declined, refunded
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('decline_code', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'test_gateway_charges',
    'test_gateway_methods',
    'webhook_events',
    'idempotency_keys',
    'gateway_charges',
    'payment_methods',
    'tax_rates',
  ])
    await db.schema.dropTable(table).execute();
}
