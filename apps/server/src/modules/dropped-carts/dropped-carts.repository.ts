import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { DroppedCartsTable } from '../../db/schema';

export type DroppedCartsRepository = ReturnType<typeof createDroppedCartsRepository>;
export type DroppedCartRow = Selectable<DroppedCartsTable>;

/** The `dropped_carts` table (migration 0029): one row per viewer and bundle. */
export function createDroppedCartsRepository(db: Db) {
  return {
    /**
     * Records a drop: a new row, or (the viewer's row of this bundle exists) one more `times`, the
     * name as now sent and the new `dropped_at`. One statement, so racing drops count each.
     * Answers the row after it and whether it is new.
     */
    async record(
      row: Omit<Insertable<DroppedCartsTable>, 'times'>,
    ): Promise<{ row: DroppedCartRow; created: boolean }> {
      await db
        .insertInto('dropped_carts')
        .values({ ...row, times: 1 })
        .onConflict((oc) =>
          oc.columns(['user_id', 'bundle_id']).doUpdateSet((eb) => ({
            times: eb('dropped_carts.times', '+', 1),
            bundle_name: eb.ref('excluded.bundle_name'),
            dropped_at: eb.ref('excluded.dropped_at'),
          })),
        )
        .execute();
      const stored = await db
        .selectFrom('dropped_carts')
        .selectAll()
        .where('user_id', '=', row.user_id)
        .where('bundle_id', '=', row.bundle_id)
        .executeTakeFirstOrThrow();
      return { row: stored, created: stored.id === row.id };
    },

    /** A page of the site's dropped carts with the account's e-mail, the latest drop first, and the count. */
    async page(siteUid: string, offset: number, limit: number) {
      const site = db.selectFrom('dropped_carts').where('dropped_carts.site_uid', '=', siteUid);
      const [rows, count] = await Promise.all([
        site
          .innerJoin('users', 'users.id', 'dropped_carts.user_id')
          .selectAll('dropped_carts')
          .select('users.email')
          .orderBy('dropped_carts.dropped_at', 'desc')
          .orderBy('dropped_carts.id')
          .offset(offset)
          .limit(limit)
          .execute(),
        site.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    /** Removes the viewer's dropped carts of these bundles (they bought them). */
    async remove(siteUid: string, userId: string, bundleIds: string[]): Promise<void> {
      if (bundleIds.length === 0) return;
      await db
        .deleteFrom('dropped_carts')
        .where('site_uid', '=', siteUid)
        .where('user_id', '=', userId)
        .where('bundle_id', 'in', bundleIds)
        .execute();
    },
  };
}
