import type { Db } from '../../db/database';
import type { WatchProgressTable } from '../../db/schema';

export type ProgressRepository = ReturnType<typeof createProgressRepository>;

export function createProgressRepository(db: Db) {
  return {
    /** Insert or move a viewer's position in one video. */
    async upsert(row: WatchProgressTable): Promise<void> {
      await db
        .insertInto('watch_progress')
        .values(row)
        .onConflict((oc) =>
          oc.columns(['user_id', 'video_uid']).doUpdateSet({
            position_s: row.position_s,
            duration_s: row.duration_s,
            finished: row.finished,
            updated_at: row.updated_at,
          }),
        )
        .execute();
    },

    async page(
      userId: string,
      siteUid: string,
      opts: { unfinishedOnly: boolean; offset: number; limit: number },
    ): Promise<{ rows: WatchProgressTable[]; total: number }> {
      let query = db
        .selectFrom('watch_progress')
        .where('user_id', '=', userId)
        .where('site_uid', '=', siteUid);
      if (opts.unfinishedOnly) query = query.where('finished', '=', 0);
      const [rows, count] = await Promise.all([
        query
          .selectAll()
          .orderBy('updated_at', 'desc')
          .orderBy('video_uid')
          .offset(opts.offset)
          .limit(opts.limit)
          .execute(),
        query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    /** A viewer's saved positions in the given videos and in every episode of the given series. */
    async forContent(
      userId: string,
      siteUid: string,
      content: { videoUids: string[]; seriesUids: string[] },
    ): Promise<Pick<WatchProgressTable, 'video_uid' | 'position_s' | 'finished'>[]> {
      const { videoUids, seriesUids } = content;
      if (videoUids.length === 0 && seriesUids.length === 0) return [];
      return db
        .selectFrom('watch_progress')
        .select(['video_uid', 'position_s', 'finished'])
        .where('user_id', '=', userId)
        .where('site_uid', '=', siteUid)
        .where((eb) =>
          eb.or([
            ...(videoUids.length ? [eb('video_uid', 'in', videoUids)] : []),
            ...(seriesUids.length ? [eb('series_uid', 'in', seriesUids)] : []),
          ]),
        )
        .execute();
    },

    /** True when there was a row to delete. */
    async remove(userId: string, siteUid: string, videoUid: string): Promise<boolean> {
      const result = await db
        .deleteFrom('watch_progress')
        .where('user_id', '=', userId)
        .where('site_uid', '=', siteUid)
        .where('video_uid', '=', videoUid)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
