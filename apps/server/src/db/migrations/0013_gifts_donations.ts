import type { Kysely } from 'kysely';

// Gifts, donations and the tip jar (accounts-and-commerce §3 Gift data, Order.survey, §9 tip jar;
// decision 0033). 0010 already has is_gift, gifted_to_email, redeemed_by_user_id and redeemed_at.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const name of [
    // sha256 (hex) of the redeem code mailed to the recipient; the code itself is never stored.
    'gift_code_hash',
    // The giver's words for the recipient (Gift data name, message).
    'gift_name',
    'gift_message',
    // JSON [{ q, a }]: a donation's survey answers.
    'survey',
  ])
    await db.schema.alterTable('purchases').addColumn(name, 'text').execute();
  // TipJarSettings { enabled, options (dollars), defaultOption, plans, survey [{ q }] }.
  await db.schema
    .alterTable('sites')
    .addColumn('tip_jar', 'text', (c) =>
      c
        .notNull()
        .defaultTo(
          '{"enabled":false,"options":[5,10,25,50,100],"defaultOption":25,"plans":["single","month"],"survey":[]}',
        ),
    )
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sites').dropColumn('tip_jar').execute();
  for (const name of ['survey', 'gift_message', 'gift_name', 'gift_code_hash'])
    await db.schema.alterTable('purchases').dropColumn(name).execute();
}
