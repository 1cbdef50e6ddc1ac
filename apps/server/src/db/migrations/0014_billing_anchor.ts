import type { Kysely } from 'kysely';

// When a recurring purchase's billing restarted (a suspended purchase reactivated with a new card;
// decision 0032). Renewals keep month and year plans on this instant's day of month; without it,
// on the first paid period's start (trial end, else available_from).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('purchases').addColumn('billing_anchor_at', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('purchases').dropColumn('billing_anchor_at').execute();
}
