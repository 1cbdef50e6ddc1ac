import type { Kysely } from 'kysely';

// Payment gateways per site and repeating programme guides (decision 0036).
// sites.payment_gateways: JSON array of the gateway names the site takes orders through. Existing
// sites keep the gateways that need an operator's credentials (stripe, paypal, paypal-sub: they are
// only usable when configured); the embedded `test` gateway is on only where it is named.
// live_channels.epg_repeat_hours: when set, the channel's guide repeats every that many hours from
// its first entry, so a channel stays on air after its written guide ends; null airs it as written.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('sites')
    .addColumn('payment_gateways', 'text', (c) => c.notNull().defaultTo('["stripe","paypal","paypal-sub"]'))
    .execute();
  await db.schema.alterTable('live_channels').addColumn('epg_repeat_hours', 'integer').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('live_channels').dropColumn('epg_repeat_hours').execute();
  await db.schema.alterTable('sites').dropColumn('payment_gateways').execute();
}
