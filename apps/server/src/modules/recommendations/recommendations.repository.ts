import { sql } from 'kysely';
import type { Db } from '../../db/database';

export type RecommendationsRepository = ReturnType<typeof createRecommendationsRepository>;

/** A play to count: who, what, when (ISO). */
export type PlayRow = {
  siteUid: string;
  viewerKey: string;
  videoUid: string;
  type: string;
  userId: string | null;
  at: string;
};

/** One history entry: a viewer key ('u:' + user id for progress rows), an item and when. */
export type HistoryRow = { viewer: string; uid: string; type: string; at: string };

/** What the tags/genres fallback reads of an item. */
export type TermsRow = {
  uid: string;
  type: string;
  tags: string;
  movie: string | null;
  series_genres: string | null;
};

const userKey = (userId: string) => `u:${userId}`;

/**
 * The plays tables (`viewer_plays`, `video_play_days`) and the history reads of the rankings. It
 * also reads the signed-in watch history (`watch_progress`, owned by progress) and the catalog's
 * `videos` and `series` for tags and genres, and bumps `videos.view_count`; it never writes them
 * otherwise.
 */
export function createRecommendationsRepository(db: Db) {
  /** Most recent viewers of one item in both histories, as viewer keys with their time. */
  async function recentViewersOf(siteUid: string, videoUid: string, limit: number) {
    const [plays, progress] = await Promise.all([
      db
        .selectFrom('viewer_plays')
        .select(['viewer_key', 'last_played_at as at'])
        .where('site_uid', '=', siteUid)
        .where('video_uid', '=', videoUid)
        .orderBy('last_played_at', 'desc')
        .limit(limit)
        .execute(),
      db
        .selectFrom('watch_progress')
        .select(['user_id', 'updated_at as at'])
        .where('site_uid', '=', siteUid)
        .where('video_uid', '=', videoUid)
        .orderBy('updated_at', 'desc')
        .limit(limit)
        .execute(),
    ]);
    return [
      ...plays.map((r) => ({ viewer: r.viewer_key, at: r.at })),
      ...progress.map((r) => ({ viewer: userKey(r.user_id), at: r.at })),
    ];
  }

  return {
    /**
     * Counts a play unless the viewer's last counted play of the video is after `dedupeAfter`; one
     * conditional upsert, so two processes cannot both count it. True when it counted.
     */
    async countPlay(p: PlayRow, dedupeAfter: string): Promise<boolean> {
      const result = await db
        .insertInto('viewer_plays')
        .values({
          site_uid: p.siteUid,
          viewer_key: p.viewerKey,
          video_uid: p.videoUid,
          type: p.type,
          user_id: p.userId,
          last_played_at: p.at,
          plays: 1,
        })
        .onConflict((oc) =>
          oc
            .columns(['site_uid', 'viewer_key', 'video_uid'])
            .doUpdateSet({
              plays: sql`viewer_plays.plays + 1`,
              last_played_at: (eb) => eb.ref('excluded.last_played_at'),
              type: (eb) => eb.ref('excluded.type'),
            })
            .where('viewer_plays.last_played_at', '<=', dedupeAfter),
        )
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /** Adds counted plays to each video's all-time view_count and its day's count, in one transaction. */
    async addPlayCounts(counts: { siteUid: string; videoUid: string; day: string; plays: number }[]) {
      if (counts.length === 0) return;
      await db.transaction().execute(async (trx) => {
        for (const c of counts) {
          await trx
            .updateTable('videos')
            .set({ view_count: sql`view_count + ${c.plays}` })
            .where('site_uid', '=', c.siteUid)
            .where('uid', '=', c.videoUid)
            .execute();
          await trx
            .insertInto('video_play_days')
            .values({ site_uid: c.siteUid, day: c.day, video_uid: c.videoUid, plays: c.plays })
            .onConflict((oc) =>
              oc
                .columns(['site_uid', 'day', 'video_uid'])
                .doUpdateSet({ plays: sql`video_play_days.plays + ${c.plays}` }),
            )
            .execute();
        }
      });
    },

    /** Listed items of the given types with the most plays since `sinceDay`, best first. */
    popular: (siteUid: string, types: string[], sinceDay: string, limit: number) =>
      db
        .selectFrom('video_play_days as d')
        .innerJoin('videos as v', (j) =>
          j.onRef('v.site_uid', '=', 'd.site_uid').onRef('v.uid', '=', 'd.video_uid'),
        )
        .select(['d.video_uid as uid', (eb) => eb.fn.sum<number>('d.plays').as('plays')])
        .where('d.site_uid', '=', siteUid)
        .where('d.day', '>=', sinceDay)
        .where('v.type', 'in', types)
        .where('v.status', '=', 'public')
        .where('v.extra_of', 'is', null)
        .groupBy('d.video_uid')
        .orderBy(sql`sum(d.plays)`, 'desc')
        .orderBy('d.video_uid')
        .limit(limit)
        .execute(),

    /** A signed-in viewer's most recent items, from their progress rows and their plays. */
    async userHistory(siteUid: string, userId: string, limit: number): Promise<HistoryRow[]> {
      const [plays, progress] = await Promise.all([
        db
          .selectFrom('viewer_plays')
          .select(['video_uid', 'type', 'last_played_at as at'])
          .where('site_uid', '=', siteUid)
          .where('viewer_key', '=', userKey(userId))
          .orderBy('last_played_at', 'desc')
          .limit(limit)
          .execute(),
        db
          .selectFrom('watch_progress')
          .select(['video_uid', 'type', 'updated_at as at'])
          .where('site_uid', '=', siteUid)
          .where('user_id', '=', userId)
          .orderBy('updated_at', 'desc')
          .limit(limit)
          .execute(),
      ]);
      return [...plays, ...progress].map((r) => ({
        viewer: userKey(userId),
        uid: r.video_uid,
        type: r.type,
        at: r.at,
      }));
    },

    /** The viewer's finished items, most recent first. */
    finished: async (siteUid: string, userId: string, limit: number) =>
      (
        await db
          .selectFrom('watch_progress')
          .select('video_uid')
          .where('user_id', '=', userId)
          .where('finished', '=', 1)
          .where('site_uid', '=', siteUid)
          .orderBy('updated_at', 'desc')
          .limit(limit)
          .execute()
      ).map((r) => r.video_uid),

    /** The most recent viewers of each seed (at most `perSeed` from each history), as viewer keys. */
    async coViewers(siteUid: string, seeds: string[], perSeed: number) {
      const found = await Promise.all(seeds.map((s) => recentViewersOf(siteUid, s, perSeed)));
      return seeds.map((seed, i) => ({ seed, viewers: found[i]! }));
    },

    /** The most recent `perViewer` items of each viewer key, from both histories. */
    async itemsOf(siteUid: string, viewerKeys: string[], perViewer: number): Promise<HistoryRow[]> {
      if (viewerKeys.length === 0) return [];
      const userIds = viewerKeys.filter((k) => k.startsWith('u:')).map((k) => k.slice(2));
      const [plays, progress] = await Promise.all([
        db
          .selectFrom((eb) =>
            eb
              .selectFrom('viewer_plays')
              .select([
                'viewer_key',
                'video_uid',
                'type',
                'last_played_at',
                (e) =>
                  e.fn
                    .agg<number>('row_number')
                    .over((o) => o.partitionBy('viewer_key').orderBy('last_played_at', 'desc'))
                    .as('rn'),
              ])
              .where('site_uid', '=', siteUid)
              .where('viewer_key', 'in', viewerKeys)
              .as('p'),
          )
          .select(['p.viewer_key', 'p.video_uid', 'p.type', 'p.last_played_at as at'])
          .where('p.rn', '<=', perViewer)
          .execute(),
        userIds.length === 0
          ? Promise.resolve([])
          : db
              .selectFrom((eb) =>
                eb
                  .selectFrom('watch_progress')
                  .select([
                    'user_id',
                    'video_uid',
                    'type',
                    'updated_at',
                    (e) =>
                      e.fn
                        .agg<number>('row_number')
                        .over((o) => o.partitionBy('user_id').orderBy('updated_at', 'desc'))
                        .as('rn'),
                  ])
                  .where('site_uid', '=', siteUid)
                  .where('user_id', 'in', userIds)
                  .as('w'),
              )
              .select(['w.user_id', 'w.video_uid', 'w.type', 'w.updated_at as at'])
              .where('w.rn', '<=', perViewer)
              .execute(),
      ]);
      return [
        ...plays.map((r) => ({ viewer: r.viewer_key, uid: r.video_uid, type: r.type, at: r.at })),
        ...progress.map((r) => ({ viewer: userKey(r.user_id), uid: r.video_uid, type: r.type, at: r.at })),
      ];
    },

    /** Tags and genres (movie or series) of the given items. */
    termsOf: (siteUid: string, uids: string[]): Promise<TermsRow[]> =>
      uids.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('videos')
            .leftJoin('series', (j) =>
              j
                .onRef('series.site_uid', '=', 'videos.site_uid')
                .onRef('series.uid', '=', 'videos.series_uid'),
            )
            .select([
              'videos.uid',
              'videos.type',
              'videos.tags',
              'videos.movie',
              'series.genres as series_genres',
            ])
            .where('videos.site_uid', '=', siteUid)
            .where('videos.uid', 'in', uids)
            .execute(),

    /** Every listed VOD item of the site with its tags and genres, newest first (the term index). */
    listedTerms: (siteUid: string, types: readonly string[]): Promise<TermsRow[]> =>
      db
        .selectFrom('videos')
        .leftJoin('series', (j) =>
          j.onRef('series.site_uid', '=', 'videos.site_uid').onRef('series.uid', '=', 'videos.series_uid'),
        )
        .select([
          'videos.uid',
          'videos.type',
          'videos.tags',
          'videos.movie',
          'series.genres as series_genres',
        ])
        .where('videos.site_uid', '=', siteUid)
        .where('videos.type', 'in', [...types])
        .where('videos.status', '=', 'public')
        .where('videos.extra_of', 'is', null)
        .orderBy('videos.published_at', 'desc')
        .orderBy('videos.uid')
        .execute(),
  };
}
