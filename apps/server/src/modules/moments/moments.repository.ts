import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { MomentsTable } from '../../db/schema';

export type MomentsRepository = ReturnType<typeof createMomentsRepository>;
export type MomentRow = MomentsTable;

/** A window of moments is at most this long (a busy live event's comments are paged by time). */
const LIST_LIMIT = 200;

export function createMomentsRepository(db: Db) {
  const visible = (siteUid: string, videoUid: string) =>
    db
      .selectFrom('moments')
      .where('site_uid', '=', siteUid)
      .where('video_uid', '=', videoUid)
      .where('hidden_at', 'is', null);

  return {
    insert: (row: Insertable<MomentsTable>) => db.insertInto('moments').values(row).execute(),

    /** One moment of the video; a hidden one only when `withHidden` (staff reviewing it). */
    find(siteUid: string, videoUid: string, id: string, withHidden = false) {
      let q = db
        .selectFrom('moments')
        .selectAll()
        .where('site_uid', '=', siteUid)
        .where('video_uid', '=', videoUid)
        .where('id', '=', id);
      if (!withHidden) q = q.where('hidden_at', 'is', null);
      return q.executeTakeFirst();
    },

    /** The site's moments with these ids, hidden ones included (staff reviewing them). */
    findMany: (siteUid: string, ids: string[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('moments')
            .selectAll()
            .where('site_uid', '=', siteUid)
            .where('id', 'in', ids)
            .execute(),

    /** Hides (at) or shows (null) a moment; false when the site has no such moment. */
    async setHidden(siteUid: string, id: string, at: string | null): Promise<boolean> {
      const res = await db
        .updateTable('moments')
        .set({ hidden_at: at })
        .where('site_uid', '=', siteUid)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },

    /** Moments with from ≤ timemarker < to, in time order. */
    window: (siteUid: string, videoUid: string, from: number, to: number) =>
      visible(siteUid, videoUid)
        .selectAll()
        .where('timemarker', '>=', from)
        .where('timemarker', '<', to)
        .orderBy('timemarker')
        .orderBy('created_at')
        .orderBy('id')
        .limit(LIST_LIMIT)
        .execute(),

    async count(siteUid: string, videoUid: string): Promise<number> {
      const row = await visible(siteUid, videoUid)
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
