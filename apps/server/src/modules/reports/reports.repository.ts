import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { ContentReportsTable } from '../../db/schema';

export type ReportsRepository = ReturnType<typeof createReportsRepository>;
export type ReportRow = ContentReportsTable;

/** The open reports of the site. */
export function createReportsRepository(db: Db) {
  const open = (siteUid: string) =>
    db.selectFrom('content_reports').where('site_uid', '=', siteUid).where('status', '=', 'open');

  return {
    /** False when the viewer has reported the item already (the unique index decides, races too). */
    async insert(row: Insertable<ContentReportsTable>): Promise<boolean> {
      const res = await db
        .insertInto('content_reports')
        .values(row)
        .onConflict((oc) => oc.columns(['item_kind', 'item_id', 'user_id']).doNothing())
        .executeTakeFirst();
      return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /** A page of reported items, the most recently reported first. */
    openItems: (siteUid: string, offset: number, limit: number) =>
      open(siteUid)
        .select((eb) => [
          'item_kind',
          'item_id',
          eb.fn.countAll<string | number>().as('n'),
          eb.fn.max('created_at').as('latest_at'),
        ])
        .groupBy(['item_kind', 'item_id'])
        .orderBy('latest_at', 'desc')
        .orderBy('item_id')
        .offset(offset)
        .limit(limit)
        .execute(),

    async countOpenItems(siteUid: string): Promise<number> {
      const row = await db
        .selectFrom(
          open(siteUid).select(['item_kind', 'item_id']).groupBy(['item_kind', 'item_id']).as('items'),
        )
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** How many open reports of these items give each reason. */
    reasonCounts: (siteUid: string, itemIds: string[]) =>
      itemIds.length === 0
        ? Promise.resolve([])
        : open(siteUid)
            .select((eb) => ['item_kind', 'item_id', 'reason', eb.fn.countAll<string | number>().as('n')])
            .where('item_id', 'in', itemIds)
            .groupBy(['item_kind', 'item_id', 'reason'])
            .execute(),

    /** The newest notes of these items' open reports (at most `limit` in all). */
    notes: (siteUid: string, itemIds: string[], limit: number) =>
      itemIds.length === 0
        ? Promise.resolve([])
        : open(siteUid)
            .select(['item_kind', 'item_id', 'note'])
            .where('item_id', 'in', itemIds)
            .where('note', 'is not', null)
            .orderBy('created_at', 'desc')
            .limit(limit)
            .execute(),

    /** Closes the item's open reports as `status`; how many it closed. */
    async close(
      siteUid: string,
      kind: string,
      itemId: string,
      change: { status: 'hidden' | 'dismissed'; by: string; at: string },
    ): Promise<number> {
      const res = await db
        .updateTable('content_reports')
        .set({ status: change.status, closed_by: change.by, closed_at: change.at })
        .where('site_uid', '=', siteUid)
        .where('status', '=', 'open')
        .where('item_kind', '=', kind)
        .where('item_id', '=', itemId)
        .executeTakeFirst();
      return Number(res.numUpdatedRows);
    },
  };
}
