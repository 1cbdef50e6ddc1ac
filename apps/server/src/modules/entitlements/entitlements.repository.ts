import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { PurchasesTable } from '../../db/schema';

export type EntitlementsRepository = ReturnType<typeof createEntitlementsRepository>;

/** The purchase columns the entitlement rules read. */
const ACCESS_COLUMNS = [
  'id',
  'user_id',
  'bundle_id',
  'bundle_type',
  'status',
  'available_from',
  'available_to',
  'created_at',
  'is_gift',
  'redeemed_by_user_id',
  'access_info',
] as const;

/**
 * Reads purchases (written by commerce, and by grants here) and the site's bundles; writes only the
 * operators' complimentary grants.
 */
export function createEntitlementsRepository(db: Db) {
  return {
    /** The user's purchases on the site: bought by them, or gifts they redeemed. */
    purchasesOf: (siteUid: string, userId: string) =>
      db
        .selectFrom('purchases')
        .select(ACCESS_COLUMNS)
        .where('site_uid', '=', siteUid)
        .where((eb) => eb.or([eb('user_id', '=', userId), eb('redeemed_by_user_id', '=', userId)]))
        .execute(),

    /** The bundles named, whatever their state (a purchase outlives a bundle taken off sale). */
    bundles: (siteUid: string, ids: string[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('bundles')
            .select(['id', 'type', 'preorder_date', 'channels', 'live_channels', 'video_uids'])
            .where('site_uid', '=', siteUid)
            .where('id', 'in', ids)
            .execute(),

    /** A bundle an operator may grant: on the site and not deleted. */
    findGrantableBundle: (siteUid: string, id: string) =>
      db
        .selectFrom('bundles')
        .select(['id', 'name', 'type', 'plan_type', 'amount_cents'])
        .where('site_uid', '=', siteUid)
        .where('id', '=', id)
        .where('is_deleted', '=', 0)
        .executeTakeFirst(),

    insertPurchase: (row: Insertable<PurchasesTable>) => db.insertInto('purchases').values(row).execute(),

    findPurchase: (siteUid: string, id: string) =>
      db
        .selectFrom('purchases')
        .selectAll()
        .where('site_uid', '=', siteUid)
        .where('id', '=', id)
        .executeTakeFirst(),

    /** Ends a purchase now: canceled, its window closed, the change appended to its history. */
    endPurchase: (id: string, at: string, statusHistory: string) =>
      db
        .updateTable('purchases')
        .set({
          status: 'canceled',
          canceled_date: at,
          available_to: at,
          status_history: statusHistory,
          updated_at: at,
        })
        .where('id', '=', id)
        .execute(),
  };
}
