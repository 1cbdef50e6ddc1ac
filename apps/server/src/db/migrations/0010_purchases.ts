import type { Kysely } from 'kysely';

// Purchases (accounts-and-commerce §3 Purchase; decision 0025) and the AES-128 keys of encrypted
// media assets (decision 0024). The commerce module writes purchases; the entitlements module reads
// them to decide what a viewer may watch. No foreign key to `bundles`: the demo seed replaces
// catalog rows, and a purchase must survive that (an unknown bundle simply entitles nothing).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('purchases')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('site_uid', 'text', (c) => c.notNull().references('sites.uid').onDelete('cascade'))
    // The buyer. For a gift, the entitled viewer is redeemed_by_user_id, not this one.
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The bundle bought (bundles.id on the same site); null for a donation.
    .addColumn('bundle_id', 'text')
    // Set when the purchase is a rental of `bundle_id` (a rental offer's id).
    .addColumn('rental_id', 'text')
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    // The spec's type: ENTIRE_SITE, CHANNELS, PRODUCT, DISABLE_ADS, RENTAL, Donation…
    .addColumn('type', 'text', (c) => c.notNull())
    // active, trialing, canceled, suspended
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('USD'))
    .addColumn('amount_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('original_amount_cents', 'integer')
    .addColumn('taxes_amount_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_recurring', 'integer', (c) => c.notNull().defaultTo(0))
    // FIRST or ALL (a coupon's discounted cycles); null without a coupon.
    .addColumn('discounted_billing_cycles', 'text')
    // stripe, paypal, paypal-baid, paypal-sub, authorizenet, free, test, comp (an operator's grant)
    .addColumn('gateway', 'text', (c) => c.notNull())
    // The gateway's own id (subscription, charge…): webhooks find the purchase by it.
    .addColumn('gateway_id', 'text')
    .addColumn('gateway_method', 'text')
    // single, period, rental, month, year
    .addColumn('plan_type', 'text')
    .addColumn('coupon_code', 'text')
    // The access window (ISO UTC). Null from = from creation; null to = open-ended. For recurring
    // plans `available_to` is the end of the paid period (renewals move it).
    .addColumn('available_from', 'text')
    .addColumn('available_to', 'text')
    // The purchase this one replaced (an upgrade or a renewal); replaced ones are hidden in lists.
    .addColumn('previous_purchase', 'text')
    // JSON { contentType: series|movie|video, contentUid } for a purchase of one item.
    .addColumn('access_info', 'text')
    // The bundle's type at purchase time.
    .addColumn('bundle_type', 'text')
    // JSON addresses as entered at checkout.
    .addColumn('billing_address', 'text')
    .addColumn('shipping_address', 'text')
    .addColumn('shipping_full_name', 'text')
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('canceled_date', 'text')
    // JSON [{ status, timestamp }]
    .addColumn('status_history', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('cancel_subscription_in_progress', 'integer', (c) => c.notNull().defaultTo(0))
    // Gifts: bought by user_id for gifted_to_email; entitles redeemed_by_user_id once redeemed.
    .addColumn('is_gift', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('gifted_to_email', 'text')
    .addColumn('redeemed_by_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('redeemed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // A viewer's purchases (entitlements, the Purchases page).
  await db.schema.createIndex('purchases_by_user').on('purchases').columns(['site_uid', 'user_id']).execute();
  // Gifts a viewer redeemed; partial, so ordinary purchases cost no index entry.
  await db.schema
    .createIndex('purchases_by_redeemer')
    .on('purchases')
    .columns(['site_uid', 'redeemed_by_user_id'])
    .where('redeemed_by_user_id', 'is not', null)
    .execute();

  // One AES-128 key per encrypted asset; never written under the public media folder.
  await db.schema
    .createTable('media_asset_keys')
    .addColumn('asset_id', 'text', (c) => c.primaryKey().references('media_assets.id').onDelete('cascade'))
    // 16 bytes each, hex.
    .addColumn('key_hex', 'text', (c) => c.notNull())
    .addColumn('iv_hex', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('media_asset_keys').execute();
  await db.schema.dropTable('purchases').execute();
}
