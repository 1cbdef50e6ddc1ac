import type {
  MovieDetail,
  Paginated,
  Playlist,
  SeasonList,
  Series,
  SeriesDetail,
  Video,
  VideoInChannel,
} from '@marquee/contract';
import { pageOffset, toPage } from '@marquee/domain';
import { notFound } from '../../plugins/errors';
import type { OwnedScope, VideoFilter } from './catalog.repository';
import { toChannel, toVideo } from './catalog.mapper';
import { LIST_TYPES, type CatalogReads, type Paging } from './catalog-reads';
import type { Recommender } from './channel-reads';

/** Videos, movies, series, seasons and playlists, with their extras. */
export function createTitleReads(reads: CatalogReads, recommender: Recommender) {
  const { repo, clock, videoPage, rankedPage, requireVideo, requireChannel, requireSeries, seriesWithStats } =
    reads;
  return {
    async video(site: string, uid: string): Promise<Video> {
      return toVideo(await requireVideo(site, uid), clock());
    },
    /** GET /v1/video/uid/{uid}/channel/{channel}: the video with its channel; 404 unless the video is the channel's. */
    async videoInChannel(site: string, uid: string, channelId: string): Promise<VideoInChannel> {
      const [row, channel] = await Promise.all([requireVideo(site, uid), requireChannel(site, channelId)]);
      if (row.channel_id !== channelId) throw notFound(`Video '${uid}' in channel '${channelId}'`);
      return { video: toVideo(row, clock()), channel: toChannel(channel) };
    },
    /** Several videos by uid as catalog reads serve them (private ones left out), for per-user lists. */
    async videosByUid(site: string, uids: string[]): Promise<Map<string, Video>> {
      const now = clock();
      const rows = await repo.findVideos(site, [...new Set(uids)]);
      return new Map(rows.filter((r) => r.status !== 'private').map((r) => [r.uid, toVideo(r, now)]));
    },
    /** Several series with their public episodes (by season and episode), in three queries. */
    async seriesWithEpisodes(
      site: string,
      uids: string[],
    ): Promise<Map<string, { series: Series; episodes: Video[] }>> {
      const now = clock();
      const unique = [...new Set(uids)];
      const [rows, episodes] = await Promise.all([
        repo.findSeriesMany(site, unique),
        repo.allVideos(site, { types: ['episode'], seriesUids: unique }, 'episode'),
      ]);
      const summaries = await seriesWithStats(site, rows);
      const out = new Map(summaries.map((series) => [series.uid, { series, episodes: [] as Video[] }]));
      for (const e of episodes) out.get(e.series_uid!)?.episodes.push(toVideo(e, now));
      return out;
    },
    /** A page of the movies a viewer owns (their library, decision 0030), newest first. */
    async ownedMovies(site: string, scope: OwnedScope, p: Paging): Promise<Paginated<Video>> {
      const now = clock();
      const { rows, total } = await repo.ownedMovies(site, scope, pageOffset(p.page, p.pageSize), p.pageSize);
      return toPage(
        rows.map((r) => toVideo(r, now)),
        p.page,
        p.pageSize,
        total,
      );
    },
    /** A page of the series a viewer owns (their library, decision 0030), newest first. */
    async ownedSeries(site: string, scope: OwnedScope, p: Paging): Promise<Paginated<Series>> {
      const { rows, total } = await repo.ownedSeries(site, scope, pageOffset(p.page, p.pageSize), p.pageSize);
      return toPage(await seriesWithStats(site, rows), p.page, p.pageSize, total);
    },
    /** More like one item (our addition): co-watched with it, then sharing its tags/genres, then the global order. */
    async moreLikeThis(site: string, uid: string, p: Paging): Promise<Paginated<Video>> {
      await requireVideo(site, uid);
      const filter: VideoFilter = { types: LIST_TYPES.all };
      return rankedPage(
        site,
        filter,
        await recommender.forItem(site, uid, filter.types),
        [uid],
        'recommended',
        p,
      );
    },
    async favoritesCount(site: string, uid: string) {
      const row = await requireVideo(site, uid);
      return { uid: row.uid, favorites: row.favorites_count };
    },
    async movie(site: string, uid: string): Promise<MovieDetail> {
      const now = clock();
      const row = await requireVideo(site, uid, 'movie');
      const extras = await repo.allVideos(
        site,
        { types: ['video', 'movie', 'episode'], extraOf: uid },
        'start',
      );
      const mapped = extras.map((r) => toVideo(r, now));
      return {
        ...toVideo(row, now),
        extras: mapped.filter((v) => v.extraOf?.kind === 'extra'),
        trailers: mapped.filter((v) => v.extraOf?.kind === 'trailer'),
      };
    },
    async movieExtras(site: string, id: string, p: Paging) {
      await requireVideo(site, id, 'movie');
      return videoPage(site, { types: ['video', 'movie', 'episode'], extraOf: id }, 'start', p);
    },

    // ---------- series ----------
    async series(site: string, uid: string): Promise<SeriesDetail> {
      const row = await requireSeries(site, uid);
      const now = clock();
      const [summary] = await seriesWithStats(site, [row]);
      const episodes = await repo.allVideos(site, { types: ['episode'], seriesUid: uid }, 'episode');
      const seasons = new Map<number, Video[]>();
      for (const e of episodes) {
        const list = seasons.get(e.season ?? 1) ?? [];
        list.push(toVideo(e, now));
        seasons.set(e.season ?? 1, list);
      }
      return {
        ...summary!,
        seasons: [...seasons.entries()]
          .sort(([a], [b]) => a - b)
          .map(([season, eps]) => ({ season, episodes: eps })),
      };
    },
    async seriesEpisodes(site: string, uid: string, season: number | undefined, p: Paging) {
      await requireSeries(site, uid);
      return videoPage(site, { types: ['episode'], seriesUid: uid, season }, 'episode', p);
    },
    async seriesExtras(site: string, uid: string, p: Paging) {
      await requireSeries(site, uid);
      return videoPage(site, { types: ['video', 'movie', 'episode'], extraOf: uid }, 'start', p);
    },
    async seasons(site: string, uid: string, skipEmpty: boolean): Promise<SeasonList> {
      await requireSeries(site, uid);
      const counts = new Map((await repo.seasonCounts(site, uid)).map((r) => [r.season ?? 1, Number(r.n)]));
      const max = Math.max(0, ...counts.keys());
      const items = [];
      for (let s = 1; s <= max; s++) {
        const n = counts.get(s) ?? 0;
        if (n > 0 || !skipEmpty) items.push({ season: s, episodeCount: n });
      }
      return { seriesUid: uid, items };
    },
    async season(site: string, uid: string, n: number) {
      await requireSeries(site, uid);
      const now = clock();
      const rows = await repo.allVideos(site, { types: ['episode'], seriesUid: uid, season: n }, 'episode');
      if (rows.length === 0) throw notFound(`Season ${n} of series '${uid}'`);
      return { season: n, episodes: rows.map((r) => toVideo(r, now)) };
    },

    // ---------- playlists ----------
    async playlist(site: string, uid: string, p: Paging): Promise<Playlist> {
      const row = await repo.findPlaylist(site, uid);
      if (!row) throw notFound(`Playlist '${uid}'`);
      const now = clock();
      const { rows, total } = await repo.playlistVideos(
        site,
        uid,
        pageOffset(p.page, p.pageSize),
        p.pageSize,
      );
      return {
        uid: row.uid,
        id: row.uid,
        title: row.title,
        description: row.description,
        items: rows.map((r) => {
          const v = toVideo(r, now);
          return { ...v, metadata: { ...v.metadata, playlist: uid } };
        }),
        total,
      };
    },
  };
}
