import type { Db } from '../../db/database';

export type FavoritesRepository = ReturnType<typeof createFavoritesRepository>;

export type FavoriteState = { favorite: boolean; favorites: number };

/**
 * The `favorites` table. `videos.favorites_count` follows its rows through the triggers of
 * migration 0008 (same transaction as the insert or delete); this repository only reads it.
 */
export function createFavoritesRepository(db: Db) {
  const state = (q: Db, userId: string, siteUid: string, videoUid: string) =>
    q
      .selectFrom('videos')
      .leftJoin('favorites', (j) =>
        j
          .onRef('favorites.site_uid', '=', 'videos.site_uid')
          .onRef('favorites.video_uid', '=', 'videos.uid')
          .on('favorites.user_id', '=', userId),
      )
      .select(['videos.favorites_count', 'favorites.user_id'])
      .where('videos.site_uid', '=', siteUid)
      .where('videos.uid', '=', videoUid)
      .executeTakeFirst();

  const toState = (row: Awaited<ReturnType<typeof state>>): FavoriteState | undefined =>
    row ? { favorite: row.user_id !== null, favorites: Number(row.favorites_count) } : undefined;

  return {
    /** Which of `videoUids` the viewer favorited on the site: one indexed read for a page of cards. */
    favorited: async (userId: string, siteUid: string, videoUids: readonly string[]) =>
      (
        await db
          .selectFrom('favorites')
          .select('video_uid')
          .where('user_id', '=', userId)
          .where('site_uid', '=', siteUid)
          .where('video_uid', 'in', videoUids)
          .execute()
      ).map((row) => row.video_uid),

    /** A page of the viewer's favorite video uids on the site, newest first, and how many there are. */
    async page(userId: string, siteUid: string, offset: number, limit: number) {
      const mine = db.selectFrom('favorites').where('user_id', '=', userId).where('site_uid', '=', siteUid);
      const [rows, count] = await Promise.all([
        mine
          .select('video_uid')
          .orderBy('created_at', 'desc')
          .orderBy('video_uid')
          .offset(offset)
          .limit(limit)
          .execute(),
        mine.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { uids: rows.map((r) => r.video_uid), total: Number(count.n) };
    },

    /** The viewer's flag and the video's count, in one read; undefined for an unknown video. */
    get: async (userId: string, siteUid: string, videoUid: string) =>
      toState(await state(db, userId, siteUid, videoUid)),

    /**
     * Sets the viewer's favorite and returns the state after it, in one transaction. Idempotent: a
     * second `true` inserts nothing (ON CONFLICT DO NOTHING), a second `false` deletes nothing, so
     * the count moves by one at most however many requests race.
     */
    set: (
      row: { user_id: string; site_uid: string; video_uid: string; created_at: string },
      favorite: boolean,
    ) =>
      db.transaction().execute(async (trx) => {
        if (favorite)
          await trx
            .insertInto('favorites')
            .values(row)
            .onConflict((oc) => oc.columns(['user_id', 'video_uid']).doNothing())
            .execute();
        else
          await trx
            .deleteFrom('favorites')
            .where('user_id', '=', row.user_id)
            .where('site_uid', '=', row.site_uid)
            .where('video_uid', '=', row.video_uid)
            .execute();
        return toState(await state(trx, row.user_id, row.site_uid, row.video_uid));
      }),
  };
}
