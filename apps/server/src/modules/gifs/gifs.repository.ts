import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { GifsTable } from '../../db/schema';

export type GifsRepository = ReturnType<typeof createGifsRepository>;
export type GifRow = GifsTable;

/** A page of gifs is at most this long. */
const LIST_LIMIT = 50;

export function createGifsRepository(db: Db) {
  return {
    insert: (row: Insertable<GifsTable>) => db.insertInto('gifs').values(row).execute(),

    setJob: (id: string, jobId: string) =>
      db.updateTable('gifs').set({ job_id: jobId }).where('id', '=', id).execute(),

    /** A gif of the site; a hidden one only when `withHidden` (staff reviewing it). */
    find(siteUid: string, id: string, withHidden = false) {
      let q = db.selectFrom('gifs').selectAll().where('site_uid', '=', siteUid).where('id', '=', id);
      if (!withHidden) q = q.where('hidden_at', 'is', null);
      return q.executeTakeFirst();
    },

    /** Any gif by id, hidden or not (the job, and the file route that checks hidden itself). */
    findById: (id: string) => db.selectFrom('gifs').selectAll().where('id', '=', id).executeTakeFirst(),

    /** The site's gifs with these ids, hidden ones included (the staff review list). */
    findMany: (siteUid: string, ids: string[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db.selectFrom('gifs').selectAll().where('site_uid', '=', siteUid).where('id', 'in', ids).execute(),

    /** Hides (at) or shows (null) a gif; false when the site has no such gif. */
    async setHidden(siteUid: string, id: string, at: string | null): Promise<boolean> {
      const res = await db
        .updateTable('gifs')
        .set({ hidden_at: at })
        .where('site_uid', '=', siteUid)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },

    /** The video's rendered gifs: from `startTime` on by start, else the newest first. */
    listDone(siteUid: string, videoUid: string, startTime?: number) {
      let q = db
        .selectFrom('gifs')
        .selectAll()
        .where('site_uid', '=', siteUid)
        .where('video_uid', '=', videoUid)
        .where('result', '=', 'Success')
        .where('hidden_at', 'is', null);
      q =
        startTime === undefined
          ? q.orderBy('created_at', 'desc').orderBy('id', 'desc')
          : q.where('end_s', '>', startTime).orderBy('start_s').orderBy('id');
      return q.limit(LIST_LIMIT).execute();
    },

    async countDone(siteUid: string, videoUid: string): Promise<number> {
      const row = await db
        .selectFrom('gifs')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('site_uid', '=', siteUid)
        .where('video_uid', '=', videoUid)
        .where('result', '=', 'Success')
        .where('hidden_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    finish: (id: string, result: 'Success' | 'Error', error: string | null, at: string) =>
      db.updateTable('gifs').set({ result, error, processed_at: at }).where('id', '=', id).execute(),
  };
}
