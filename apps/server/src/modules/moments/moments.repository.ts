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

    find: (siteUid: string, videoUid: string, id: string) =>
      visible(siteUid, videoUid).selectAll().where('id', '=', id).executeTakeFirst(),

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
