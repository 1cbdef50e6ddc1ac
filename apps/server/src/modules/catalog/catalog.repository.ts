import { sql, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { createChannelQueries } from './channel.repository';

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;

/** A video row with what its response needs from its media asset and series, in one query. */
export type VideoRow = Awaited<ReturnType<CatalogRepository['findVideo']>> & {};

export type VideoFilter = {
  types: string[];
  channelId?: string;
  /** Listed statuses; defaults to public only. */
  statuses?: string[];
  accessTypes?: string[];
  seriesUid?: string;
  /** Several series at once (their episodes). */
  seriesUids?: string[];
  season?: number;
  extraOf?: string;
  /** Extras and trailers are left out of lists unless asked for by extraOf. */
  /** Uids left out (a ranked head already placed, a viewer's finished items). */
  excludeUids?: string[];
};

/**
 * What a viewer owns, for their library (decision 0030): everything listed on the site (`all`), the
 * listed items of some channels, and items held one by one (those also when unlisted).
 */
export type OwnedScope = { all: boolean; channelIds: string[]; videoUids: string[]; seriesUids: string[] };

export type VideoOrder = 'recent' | 'popular' | 'recommended' | 'episode' | 'start' | 'position';

type VideoQuery = SelectQueryBuilder<Database, 'videos', object>;

function applyFilter(q: VideoQuery, siteUid: string, f: VideoFilter): VideoQuery {
  q = q.where('videos.site_uid', '=', siteUid).where('videos.type', 'in', f.types);
  q = q.where('videos.status', 'in', f.statuses ?? ['public']);
  if (f.accessTypes) q = q.where('videos.access_type', 'in', f.accessTypes);
  if (f.channelId !== undefined) q = q.where('videos.channel_id', '=', f.channelId);
  if (f.seriesUid !== undefined) q = q.where('videos.series_uid', '=', f.seriesUid);
  if (f.seriesUids !== undefined)
    q = f.seriesUids.length ? q.where('videos.series_uid', 'in', f.seriesUids) : q.where(sql<boolean>`1 = 0`);
  if (f.season !== undefined) q = q.where('videos.season', '=', f.season);
  q =
    f.extraOf !== undefined
      ? q.where('videos.extra_of', '=', f.extraOf)
      : q.where('videos.extra_of', 'is', null);
  if (f.excludeUids?.length) q = q.where('videos.uid', 'not in', f.excludeUids);
  return q;
}

/** Only this repository touches the catalog tables; it returns plain rows. */
export function createCatalogRepository(db: Db) {
  const videoSelect = () =>
    db
      .selectFrom('videos')
      .leftJoin('media_assets', 'media_assets.id', 'videos.asset_id')
      .leftJoin('series', (j) =>
        j.onRef('series.site_uid', '=', 'videos.site_uid').onRef('series.uid', '=', 'videos.series_uid'),
      )
      .selectAll('videos')
      .select([
        'media_assets.thumbnails as asset_thumbnails',
        'media_assets.status as asset_status',
        'media_assets.subtitles as asset_subtitles',
        'series.title as series_title',
        'series.genres as series_genres',
        'series.mpaa as series_mpaa',
        'series.age_gate as series_age_gate',
      ]);

  return {
    ...createChannelQueries(db),

    findVideo: (siteUid: string, uid: string) =>
      videoSelect().where('videos.site_uid', '=', siteUid).where('videos.uid', '=', uid).executeTakeFirst(),

    /** Several videos by uid, in one query (any status; the service filters). */
    findVideos: async (siteUid: string, uids: string[]) =>
      uids.length === 0
        ? []
        : ((await videoSelect()
            .where('videos.site_uid', '=', siteUid)
            .where('videos.uid', 'in', uids)
            .execute()) as NonNullable<VideoRow>[]),

    async listVideos(siteUid: string, filter: VideoFilter, order: VideoOrder, offset: number, limit: number) {
      let q = applyFilter(videoSelect() as unknown as VideoQuery, siteUid, filter);
      q = orderVideos(q, order);
      const rows = (await q.offset(offset).limit(limit).execute()) as unknown as NonNullable<VideoRow>[];
      return rows;
    },

    async countVideos(siteUid: string, filter: VideoFilter): Promise<number> {
      const row = await applyFilter(db.selectFrom('videos') as unknown as VideoQuery, siteUid, filter)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number((row as { n: number }).n);
    },

    /** The given uids that match a filter (a ranked list's listed items), in no order. */
    async matchingUids(siteUid: string, filter: VideoFilter, uids: string[]): Promise<string[]> {
      if (uids.length === 0) return [];
      const rows = await applyFilter(db.selectFrom('videos') as unknown as VideoQuery, siteUid, filter)
        .where('videos.uid', 'in', uids)
        .select('videos.uid')
        .execute();
      return rows.map((r) => (r as { uid: string }).uid);
    },

    /** All rows matching a filter, unpaged (small sets: live events of a channel, a series' episodes). */
    async allVideos(siteUid: string, filter: VideoFilter, order: VideoOrder) {
      const q = orderVideos(applyFilter(videoSelect() as unknown as VideoQuery, siteUid, filter), order);
      return (await q.execute()) as unknown as NonNullable<VideoRow>[];
    },

    /** Episode counts by season of one series (public episodes only). */
    seasonCounts: (siteUid: string, seriesUid: string) =>
      db
        .selectFrom('videos')
        .select(['season', (eb) => eb.fn.countAll<number>().as('n')])
        .where('site_uid', '=', siteUid)
        .where('series_uid', '=', seriesUid)
        .where('type', '=', 'episode')
        .where('status', '=', 'public')
        .where('extra_of', 'is', null)
        .groupBy('season')
        .orderBy('season')
        .execute(),

    /** Season and episode counts plus the first episode's asset thumbnails, for several series at once. */
    async seriesStats(siteUid: string, seriesUids: string[]) {
      if (seriesUids.length === 0) return [];
      return db
        .selectFrom('videos')
        .leftJoin('media_assets', 'media_assets.id', 'videos.asset_id')
        .select([
          'videos.series_uid',
          'videos.season',
          'videos.episode',
          'videos.asset_id',
          'media_assets.thumbnails as asset_thumbnails',
          'media_assets.status as asset_status',
        ])
        .where('videos.site_uid', '=', siteUid)
        .where('videos.series_uid', 'in', seriesUids)
        .where('videos.type', '=', 'episode')
        .where('videos.status', '=', 'public')
        .where('videos.extra_of', 'is', null)
        .orderBy('videos.series_uid')
        .orderBy('videos.season')
        .orderBy('videos.episode')
        .execute();
    },

    /** One page of the movies a scope owns, newest first, and their total. */
    async ownedMovies(siteUid: string, scope: OwnedScope, offset: number, limit: number) {
      const owned = (q: VideoQuery) =>
        q
          .where('videos.site_uid', '=', siteUid)
          .where('videos.type', '=', 'movie')
          .where('videos.extra_of', 'is', null)
          .where((eb) => {
            const listed = eb('videos.status', '=', 'public');
            const byChannel = scope.all
              ? listed
              : scope.channelIds.length
                ? eb.and([listed, eb('videos.channel_id', 'in', scope.channelIds)])
                : null;
            const byItem = scope.videoUids.length
              ? eb.and([
                  eb('videos.status', 'in', ['public', 'unlisted']),
                  eb('videos.uid', 'in', scope.videoUids),
                ])
              : null;
            const any = [byChannel, byItem].filter((x) => x !== null);
            return any.length ? eb.or(any) : sql<boolean>`1 = 0`;
          });
      const [rows, count] = await Promise.all([
        orderVideos(owned(videoSelect() as unknown as VideoQuery), 'recent')
          .offset(offset)
          .limit(limit)
          .execute() as unknown as Promise<NonNullable<VideoRow>[]>,
        owned(db.selectFrom('videos') as unknown as VideoQuery)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow() as Promise<{ n: number }>,
      ]);
      return { rows, total: Number(count.n) };
    },

    /**
     * One page of the series a scope owns (newest first) and their total: all of the site's, those
     * bought as a series, those whose default channel is owned, and those with an owned episode
     * (held one by one or through its channel).
     */
    async ownedSeries(siteUid: string, scope: OwnedScope, offset: number, limit: number) {
      const owned = () =>
        db
          .selectFrom('series')
          .where('series.site_uid', '=', siteUid)
          .where((eb) => {
            if (scope.all) return sql<boolean>`1 = 1`;
            const any = [];
            if (scope.seriesUids.length) any.push(eb('series.uid', 'in', scope.seriesUids));
            if (scope.channelIds.length) any.push(eb('series.default_channel', 'in', scope.channelIds));
            if (scope.channelIds.length || scope.videoUids.length)
              any.push(
                eb(
                  'series.uid',
                  'in',
                  eb
                    .selectFrom('videos')
                    .select('videos.series_uid')
                    .where('videos.site_uid', '=', siteUid)
                    .where('videos.type', '=', 'episode')
                    .where('videos.status', '!=', 'private')
                    .where('videos.series_uid', 'is not', null)
                    .where((v) =>
                      v.or([
                        ...(scope.channelIds.length ? [v('videos.channel_id', 'in', scope.channelIds)] : []),
                        ...(scope.videoUids.length ? [v('videos.uid', 'in', scope.videoUids)] : []),
                      ]),
                    ),
                ),
              );
            return any.length ? eb.or(any) : sql<boolean>`1 = 0`;
          });
      const [rows, count] = await Promise.all([
        owned()
          .selectAll()
          .orderBy('published_at', 'desc')
          .orderBy('uid')
          .offset(offset)
          .limit(limit)
          .execute(),
        owned()
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    findSeries: (siteUid: string, uid: string) =>
      db
        .selectFrom('series')
        .selectAll()
        .where('site_uid', '=', siteUid)
        .where('uid', '=', uid)
        .executeTakeFirst(),

    findSeriesMany: async (siteUid: string, uids: string[]) =>
      uids.length === 0
        ? []
        : db
            .selectFrom('series')
            .selectAll()
            .where('site_uid', '=', siteUid)
            .where('uid', 'in', uids)
            .execute(),

    listSeries: (siteUid: string, channelId: string | null, offset: number, limit: number) => {
      let q = db.selectFrom('series').selectAll().where('site_uid', '=', siteUid);
      if (channelId !== null) q = q.where('default_channel', '=', channelId);
      return q.orderBy('published_at', 'desc').orderBy('uid').offset(offset).limit(limit).execute();
    },

    async countSeries(siteUid: string, channelId: string | null): Promise<number> {
      let q = db.selectFrom('series').where('site_uid', '=', siteUid);
      if (channelId !== null) q = q.where('default_channel', '=', channelId);
      const row = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      return Number(row.n);
    },

    findPlaylist: (siteUid: string, uid: string) =>
      db
        .selectFrom('playlists')
        .selectAll()
        .where('site_uid', '=', siteUid)
        .where('uid', '=', uid)
        .executeTakeFirst(),

    /** A playlist's public videos in position order, with the total, in two queries. */
    async playlistVideos(siteUid: string, playlistUid: string, offset: number, limit: number) {
      const base = () =>
        videoSelect()
          .innerJoin('playlist_items', (j) =>
            j
              .onRef('playlist_items.site_uid', '=', 'videos.site_uid')
              .onRef('playlist_items.video_uid', '=', 'videos.uid'),
          )
          .where('playlist_items.site_uid', '=', siteUid)
          .where('playlist_items.playlist_uid', '=', playlistUid)
          .where('videos.status', '=', 'public');
      const [rows, count] = await Promise.all([
        base().orderBy('playlist_items.position').offset(offset).limit(limit).execute(),
        db
          .selectFrom('playlist_items')
          .innerJoin('videos', (j) =>
            j
              .onRef('videos.site_uid', '=', 'playlist_items.site_uid')
              .onRef('videos.uid', '=', 'playlist_items.video_uid'),
          )
          .where('playlist_items.site_uid', '=', siteUid)
          .where('playlist_items.playlist_uid', '=', playlistUid)
          .where('videos.status', '=', 'public')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows: rows as NonNullable<VideoRow>[], total: Number(count.n) };
    },
  };
}

function orderVideos(q: VideoQuery, order: VideoOrder): VideoQuery {
  switch (order) {
    case 'recent':
      return q.orderBy('videos.published_at', 'desc').orderBy('videos.uid');
    case 'popular':
      // All-time plays, then newest; the service ranks the popular window's plays ahead of this.
      return q
        .orderBy('videos.view_count', 'desc')
        .orderBy('videos.published_at', 'desc')
        .orderBy('videos.uid');
    case 'recommended':
      // recommendationScore in @marquee/domain: likes + 2 × favorites, then views, then newest.
      return q
        .orderBy(sql`videos.like_count + 2 * videos.favorites_count`, 'desc')
        .orderBy('videos.view_count', 'desc')
        .orderBy('videos.published_at', 'desc')
        .orderBy('videos.uid');
    case 'episode':
      return q.orderBy('videos.season').orderBy('videos.episode').orderBy('videos.uid');
    case 'start':
      return q.orderBy('videos.published_at').orderBy('videos.uid');
    case 'position':
      return q.orderBy('videos.uid');
  }
}
