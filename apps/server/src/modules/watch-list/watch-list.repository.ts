import type { Db } from '../../db/database';
import type { WatchListItemsTable } from '../../db/schema';

export type WatchListRepository = ReturnType<typeof createWatchListRepository>;

/** The `watch_list_items` table: one row per viewer and title. */
export function createWatchListRepository(db: Db) {
  return {
    /** Every item of a viewer on a site, newest first (a list holds at most 1000). */
    list: (userId: string, siteUid: string): Promise<WatchListItemsTable[]> =>
      db
        .selectFrom('watch_list_items')
        .selectAll()
        .where('user_id', '=', userId)
        .where('site_uid', '=', siteUid)
        .orderBy('created_at', 'desc')
        .orderBy('content_id')
        .execute(),

    find: (userId: string, contentId: string): Promise<WatchListItemsTable | undefined> =>
      db
        .selectFrom('watch_list_items')
        .selectAll()
        .where('user_id', '=', userId)
        .where('content_id', '=', contentId)
        .executeTakeFirst(),

    async count(userId: string): Promise<number> {
      const row = await db
        .selectFrom('watch_list_items')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Inserts unless the viewer already has the title; true when this call inserted it. */
    async insert(row: WatchListItemsTable): Promise<boolean> {
      const result = await db
        .insertInto('watch_list_items')
        .values(row)
        .onConflict((oc) => oc.columns(['user_id', 'content_id']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /** Removes the item with this id, or the item of this content; true when there was one. */
    async remove(userId: string, siteUid: string, idOrContentId: string): Promise<boolean> {
      const result = await db
        .deleteFrom('watch_list_items')
        .where('user_id', '=', userId)
        .where('site_uid', '=', siteUid)
        .where((eb) => eb.or([eb('id', '=', idOrContentId), eb('content_id', '=', idOrContentId)]))
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
