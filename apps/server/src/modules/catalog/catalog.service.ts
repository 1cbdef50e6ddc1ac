import {
  DISCOVER_ROW_PAGE,
  EPG_WINDOW,
  type Channel,
  type DiscoverAsset,
  type DiscoverRow,
  type EpgAsset,
  type LiveChannel,
  type LiveChannelList,
  type MovieDetail,
  type Paginated,
  type Playlist,
  type SeasonList,
  type Series,
  type SeriesDetail,
  type TabAsset,
  type Video,
} from '@marquee/contract';
import {
  dynamicChannel,
  isListedLiveEvent,
  LISTED_LIVE_EVENT_ACCESS,
  LISTED_LIVE_EVENT_STATUS,
  occurrences,
  pageOffset,
  rankedPageSlice,
  repeatingGuide,
  toPage,
  type DynamicChannelId,
  type DynamicList,
} from '@marquee/domain';
import type { TabsTable } from '../../db/schema';
import { badRequest, notFound } from '../../plugins/errors';
import { createResponseCache, type ResponseCache } from './response-cache';
import type { CatalogRepository, OwnedScope, VideoFilter, VideoOrder } from './catalog.repository';

export type { OwnedScope };
import {
  seriesCard,
  toChannel,
  toEpgEntry,
  toLiveChannel,
  toSeries,
  toVideo,
  type SeriesStats,
} from './catalog.mapper';

export type CatalogService = ReturnType<typeof createCatalogService>;
export type Paging = { page: number; pageSize: number };
export type EpgWindow = { from?: string; to?: string };

const LIST_TYPES: Record<DynamicList, string[]> = {
  videos: ['video'],
  movies: ['movie'],
  episodes: ['episode'],
  all: ['video', 'movie', 'episode'],
};

/**
 * The rankings behind popular and recommended (the recommendations service, wired in context.ts):
 * ranked uids placed ahead of the list's global order. Without one, the global orders stand alone.
 */
export type Recommender = {
  popular(site: string, types: string[]): Promise<string[]>;
  forViewer(site: string, userId: string, types: string[]): Promise<{ head: string[]; exclude: string[] }>;
  forItem(site: string, uid: string, types: string[]): Promise<string[]>;
};
const noRecommender: Recommender = {
  popular: async () => [],
  forViewer: async () => ({ head: [], exclude: [] }),
  forItem: async () => [],
};

/** The signed-in viewer of a request (the bearer token's user). */
export type CatalogViewer = { id: string; siteUid: string };

/** Catalog reads. Every method takes the resolved site uid and returns response objects. */
export function createCatalogService(deps: {
  repo: CatalogRepository;
  /** Wall clock in epoch ms (the context's `now`). */
  now: () => number;
  responseCache?: ResponseCache;
  recommender?: Recommender;
}) {
  const { repo, responseCache = createResponseCache(), recommender = noRecommender } = deps;
  const clock = () => new Date(deps.now());
  async function videoPage(
    site: string,
    filter: VideoFilter,
    order: VideoOrder,
    p: Paging,
  ): Promise<Paginated<Video>> {
    const now = clock();
    const [rows, total] = await Promise.all([
      repo.listVideos(site, filter, order, pageOffset(p.page, p.pageSize), p.pageSize),
      repo.countVideos(site, filter),
    ]);
    return toPage(
      rows.map((r) => toVideo(r, now)),
      p.page,
      p.pageSize,
      total,
    );
  }

  /**
   * A page of a ranked list: the `head` uids (those the filter lists, in their order) first, then
   * the filter's `order` without them and without `exclude`.
   */
  async function rankedPage(
    site: string,
    filter: VideoFilter,
    head: string[],
    exclude: string[],
    order: VideoOrder,
    p: Paging,
  ): Promise<Paginated<Video>> {
    if (head.length === 0 && exclude.length === 0) return videoPage(site, filter, order, p);
    const excluded = new Set(exclude);
    const listed = new Set(await repo.matchingUids(site, filter, head));
    const ranked = head.filter((uid) => listed.has(uid) && !excluded.has(uid));
    const rest: VideoFilter = { ...filter, excludeUids: [...ranked, ...exclude] };
    const slice = rankedPageSlice(ranked.length, pageOffset(p.page, p.pageSize), p.pageSize);
    const onPage = ranked.slice(slice.headFrom, slice.headTo);
    const [headRows, tailRows, restTotal] = await Promise.all([
      repo.findVideos(site, onPage),
      slice.tailLimit > 0
        ? repo.listVideos(site, rest, order, slice.tailOffset, slice.tailLimit)
        : Promise.resolve([]),
      repo.countVideos(site, rest),
    ]);
    const byUid = new Map(headRows.map((r) => [r.uid, r]));
    const now = clock();
    const rows = [...onPage.map((uid) => byUid.get(uid)).filter((r) => r !== undefined), ...tailRows];
    return toPage(
      rows.map((r) => toVideo(r, now)),
      p.page,
      p.pageSize,
      ranked.length + restTotal,
    );
  }

  async function requireChannel(site: string, id: string) {
    const channel = await repo.findChannel(site, id);
    if (!channel) throw notFound(`Channel '${id}'`);
    return channel;
  }

  async function requireVideo(site: string, uid: string, type?: string) {
    const row = await repo.findVideo(site, uid);
    // Private videos are never served by catalog reads; unlisted ones are, by their link.
    if (!row || row.status === 'private' || (type && row.type !== type))
      throw notFound(
        `${type === 'movie' ? 'Movie' : type === 'liveEvent' ? 'Live event' : 'Video'} '${uid}'`,
      );
    return row;
  }

  async function requireSeries(site: string, uid: string) {
    const row = await repo.findSeries(site, uid);
    if (!row) throw notFound(`Series '${uid}'`);
    return row;
  }

  async function seriesWithStats(site: string, rows: Awaited<ReturnType<CatalogRepository['listSeries']>>) {
    const stats = await repo.seriesStats(
      site,
      rows.map((r) => r.uid),
    );
    const bySeries = new Map<string, SeriesStats & { seasons: Set<number> }>();
    for (const e of stats) {
      const uid = e.series_uid!;
      let s = bySeries.get(uid);
      if (!s) {
        s = {
          seasonCount: 0,
          episodeCount: 0,
          firstAssetId: e.asset_id,
          firstAssetThumbnails: e.asset_thumbnails,
          seasons: new Set(),
        };
        bySeries.set(uid, s);
      }
      s.episodeCount++;
      if (e.season != null) s.seasons.add(e.season);
      s.seasonCount = s.seasons.size;
    }
    return rows.map((r) => toSeries(r, bySeries.get(r.uid)));
  }

  /** Live events of a channel (or of all channels) as the listing shows them: listed and not ended, by start. */
  async function listedLiveEvents(site: string, channelIds: string[] | null): Promise<Video[]> {
    const now = clock();
    const filter: VideoFilter = {
      types: ['liveEvent'],
      statuses: [...LISTED_LIVE_EVENT_STATUS],
      accessTypes: [...LISTED_LIVE_EVENT_ACCESS],
    };
    const rows =
      channelIds === null
        ? await repo.allVideos(site, filter, 'start')
        : (
            await Promise.all(
              channelIds.map((c) => repo.allVideos(site, { ...filter, channelId: c }, 'start')),
            )
          ).flat();
    return rows
      .filter((r) => isListedLiveEvent(r.access_type, r.status))
      .map((r) => toVideo(r, now))
      .filter((v) => v.liveEvent && v.liveEvent.state !== 'ended')
      .sort((a, b) => a.liveEvent!.start.localeCompare(b.liveEvent!.start) || a.uid.localeCompare(b.uid));
  }

  function pageOf<T>(all: T[], p: Paging): Paginated<T> {
    const start = pageOffset(p.page, p.pageSize);
    return toPage(all.slice(start, start + p.pageSize), p.page, p.pageSize, all.length);
  }

  function epgWindow(w: EpgWindow): { from: string; to: string } {
    const now = clock().getTime();
    const from = w.from ? Date.parse(w.from) : now - EPG_WINDOW.beforeMs;
    const to = w.to
      ? Date.parse(w.to)
      : w.from
        ? from + EPG_WINDOW.beforeMs + EPG_WINDOW.afterMs
        : now + EPG_WINDOW.afterMs;
    if (to <= from) throw badRequest('to', 'to must be after from');
    if (to - from > EPG_WINDOW.maxSpanMs) throw badRequest('to', 'The EPG window is at most 48 hours');
    return { from: new Date(from).toISOString(), to: new Date(to).toISOString() };
  }

  async function liveChannels(
    site: string,
    ids: string[] | null,
    win: { from: string; to: string },
    withEpg = true,
  ) {
    const rows = await repo.listLiveChannels(site, ids);
    const repeating = rows.filter((r) => (r.epg_repeat_hours ?? 0) > 0);
    const asWritten = rows.filter((r) => !repeating.includes(r));
    const entries = withEpg
      ? await repo.epgEntries(
          site,
          asWritten.map((r) => r.id),
          win.from,
          win.to,
        )
      : [];
    const byChannel = new Map<string, ReturnType<typeof toEpgEntry>[]>();
    for (const e of entries) {
      const list = byChannel.get(e.live_channel_id) ?? [];
      list.push(toEpgEntry(e));
      byChannel.set(e.live_channel_id, list);
    }
    if (withEpg)
      for (const r of repeating) byChannel.set(r.id, await repeatedEpg(site, r.id, r.epg_repeat_hours!, win));
    return rows.map((r) => toLiveChannel(r, byChannel.get(r.id) ?? []));
  }

  /**
   * A repeating guide's programmes in the window (decision 0036): its first cycle's entries at each
   * repeat. An occurrence keeps its entry's id (the programme it repeats).
   */
  async function repeatedEpg(
    site: string,
    channelId: string,
    hours: number,
    win: { from: string; to: string },
  ) {
    const written = (await repo.epgSchedule(site, channelId)).map((row) => ({
      row,
      startMs: Date.parse(row.start),
      stopMs: Date.parse(row.stop),
    }));
    const guide = repeatingGuide(written, hours * 3_600_000);
    if (!guide) return [];
    return occurrences(guide, Date.parse(win.from), Date.parse(win.to)).map((o) =>
      toEpgEntry({
        ...o.row,
        start: new Date(o.startMs).toISOString(),
        stop: new Date(o.stopMs).toISOString(),
      }),
    );
  }

  async function requireTab(site: string, id: string, kinds: string[]): Promise<TabsTable> {
    const tab = await repo.findTab(site, id);
    if (!tab || !kinds.includes(tab.kind)) throw notFound(`Asset '${id}'`);
    return tab;
  }

  const tabConfig = (tab: TabsTable): Record<string, unknown> => {
    try {
      const v = JSON.parse(tab.config) as unknown;
      return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  };
  const idList = (v: unknown): string[] | null =>
    Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : null;

  /**
   * A dynamic channel's page (decision 0018). recent: newest published. popular: plays of the last
   * 30 days, then all-time plays, then newest. recommended: for a viewer signed in to this site,
   * items co-watched with their history, then sharing its tags/genres, then the global order,
   * without what they finished; else the global order (likes + 2 × favorites, plays, newest).
   */
  async function dynamicPage(
    site: string,
    id: DynamicChannelId,
    list: DynamicList,
    p: Paging,
    viewer: CatalogViewer | null = null,
  ) {
    const { order, fixedList } = dynamicChannel(id);
    if (fixedList && list !== fixedList && list !== 'all')
      throw badRequest('id', `Dynamic channel '${id}' lists ${fixedList}, not ${list}`);
    const filter: VideoFilter = { types: LIST_TYPES[fixedList ?? list] };
    if (order === 'popular')
      return rankedPage(site, filter, await recommender.popular(site, filter.types), [], order, p);
    if (order === 'recommended' && viewer && viewer.siteUid === site) {
      const { head, exclude } = await recommender.forViewer(site, viewer.id, filter.types);
      return rankedPage(site, filter, head, exclude, order, p);
    }
    return videoPage(site, filter, order, p);
  }

  /** The list call behind a channel, by what the channel holds. */
  const CHANNEL_LIST: Record<string, string> = {
    series: 'series',
    liveEvents: 'live-events',
    movies: 'movies',
  };
  const channelHref = (site: string, channel: { id: string; type: string }) =>
    `/v2/sites/${site}/channels/${channel.id}/${CHANNEL_LIST[channel.type] ?? 'videos'}`;

  async function channelRowItems(site: string, channelId: string, p: Paging) {
    const channel = await repo.findChannel(site, channelId);
    if (!channel) return null;
    return { href: channelHref(site, channel), page: await channelPage(site, channel, p) };
  }

  async function channelPage(site: string, channel: { id: string; type: string }, p: Paging) {
    if (channel.type === 'series') {
      const [rows, total] = await Promise.all([
        repo.listSeries(site, channel.id, 0, p.pageSize),
        repo.countSeries(site, channel.id),
      ]);
      return toPage((await seriesWithStats(site, rows)).map(seriesCard), 0, p.pageSize, total);
    }
    if (channel.type === 'liveEvents') return pageOf(await listedLiveEvents(site, [channel.id]), p);
    return videoPage(
      site,
      { types: channel.type === 'movies' ? ['movie'] : ['video'], channelId: channel.id },
      'recent',
      p,
    );
  }

  return {
    /** Serialized responses of the read routes; clear it after bulk catalog writes (other processes rely on the TTL). */
    responseCache,

    // ---------- channels ----------
    async channels(site: string, p: Paging): Promise<Paginated<Channel>> {
      const [rows, total] = await Promise.all([
        repo.listChannels(site, null, pageOffset(p.page, p.pageSize), p.pageSize),
        repo.countChannels(site, null),
      ]);
      return toPage(rows.map(toChannel), p.page, p.pageSize, total);
    },
    async channelVideos(site: string, id: string, p: Paging) {
      await requireChannel(site, id);
      return videoPage(site, { types: ['video'], channelId: id }, 'recent', p);
    },
    async channelMovies(site: string, id: string, p: Paging) {
      await requireChannel(site, id);
      return videoPage(site, { types: ['movie'], channelId: id }, 'recent', p);
    },
    async channelSeries(site: string, id: string, p: Paging): Promise<Paginated<Series>> {
      await requireChannel(site, id);
      const [rows, total] = await Promise.all([
        repo.listSeries(site, id, pageOffset(p.page, p.pageSize), p.pageSize),
        repo.countSeries(site, id),
      ]);
      return toPage(await seriesWithStats(site, rows), p.page, p.pageSize, total);
    },
    async channelLiveEvents(site: string, id: string, p: Paging) {
      await requireChannel(site, id);
      return pageOf(await listedLiveEvents(site, [id]), p);
    },
    dynamic: dynamicPage,

    // ---------- videos and movies ----------
    async video(site: string, uid: string): Promise<Video> {
      return toVideo(await requireVideo(site, uid), clock());
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

    // ---------- live ----------
    async liveChannels(site: string, w: EpgWindow): Promise<LiveChannelList> {
      const win = epgWindow(w);
      return { ...win, items: await liveChannels(site, null, win) };
    },
    async liveChannel(site: string, id: string, w: EpgWindow): Promise<LiveChannel> {
      const win = epgWindow(w);
      if (!(await repo.findLiveChannel(site, id))) throw notFound(`Live channel '${id}'`);
      const [channel] = await liveChannels(site, [id], win);
      return channel!;
    },
    async liveEvent(site: string, uid: string): Promise<Video> {
      return toVideo(await requireVideo(site, uid, 'liveEvent'), clock());
    },

    // ---------- assets (tabs) ----------
    async tabAsset(site: string, id: string, kind: string): Promise<TabAsset> {
      const tab = await requireTab(site, id, [kind]);
      return {
        id: tab.id,
        kind: tab.kind as TabAsset['kind'],
        title: tab.title,
        url: tab.url,
        pageUrl: tab.page_url,
        config: tabConfig(tab),
      };
    },
    async directory(site: string, id: string, p: Paging): Promise<Paginated<Channel>> {
      const tab = await requireTab(site, id, ['directory']);
      const ids = idList(tabConfig(tab).channelIds);
      const [rows, total] = await Promise.all([
        repo.listChannels(site, ids, pageOffset(p.page, p.pageSize), p.pageSize),
        repo.countChannels(site, ids),
      ]);
      return toPage(rows.map(toChannel), p.page, p.pageSize, total);
    },
    async epgAsset(site: string, id: string, w: EpgWindow, simple: boolean): Promise<EpgAsset> {
      const tab = await requireTab(site, id, ['epg']);
      const config = tabConfig(tab);
      const win = epgWindow(w);
      const channels = await liveChannels(site, idList(config.liveChannelIds), win, !simple);
      const categories = idList(config.categories) ?? [...new Set(channels.flatMap((c) => c.categories))];
      return { id: tab.id, title: tab.title, categories, ...win, liveChannels: channels };
    },
    async liveAsset(site: string, id: string, p: Paging) {
      const tab = await requireTab(site, id, ['live']);
      return pageOf(await listedLiveEvents(site, idList(tabConfig(tab).channelIds)), p);
    },
    async discover(site: string, id: string, onlyEnabledChannels: boolean): Promise<DiscoverAsset> {
      const tab = await requireTab(site, id, ['discover']);
      const rowsConfig = Array.isArray(tabConfig(tab).rows)
        ? (tabConfig(tab).rows as Record<string, unknown>[])
        : [];
      const p = { page: 0, pageSize: DISCOVER_ROW_PAGE };
      const now = clock();
      const rows = await Promise.all(
        rowsConfig.map(async (cfg, i): Promise<DiscoverRow | null> => {
          const type = String(cfg.type ?? '');
          const base = {
            id: `${tab.id}-${i}`,
            title: String(cfg.title ?? ''),
            layout: String(cfg.layout ?? 'thumbs'),
          };
          const empty = { items: [], total_items: 0, next_page: null };
          const sourceKind = String((cfg.source as { kind?: unknown } | undefined)?.kind ?? type);
          const sourceId = String((cfg.source as { id?: unknown } | undefined)?.id ?? cfg.id ?? '');
          if (type === 'continueWatching' || type === 'watchList') {
            const href =
              type === 'watchList'
                ? `/v2/me/sites/${site}/watch-list`
                : `/v2/me/sites/${site}/history-progress`;
            return { ...base, type, source: null, perUser: true, href, ...empty };
          }
          if (type === 'adBanner')
            return { ...base, type, source: null, perUser: false, href: null, ...empty };
          const source = { kind: sourceKind, id: sourceId };
          if (sourceKind === 'channel') {
            const found = await channelRowItems(site, sourceId, p);
            if (!found)
              return onlyEnabledChannels
                ? null
                : {
                    ...base,
                    type: type as DiscoverRow['type'],
                    source,
                    perUser: false,
                    href: null,
                    ...empty,
                  };
            return {
              ...base,
              type: type as DiscoverRow['type'],
              source,
              perUser: false,
              href: found.href,
              items: found.page.items,
              total_items: found.page.total_items,
              next_page: found.page.next_page,
            };
          }
          if (sourceKind === 'playlist') {
            const pl = await repo.findPlaylist(site, sourceId);
            if (!pl) return null;
            const { rows: vids, total } = await repo.playlistVideos(site, sourceId, 0, p.pageSize);
            return {
              ...base,
              type: type as DiscoverRow['type'],
              source,
              perUser: false,
              href: `/v2/sites/${site}/playlists/${sourceId}`,
              items: vids.map((r) => toVideo(r, now)),
              total_items: total,
              next_page: total > p.pageSize ? 1 : null,
            };
          }
          if (sourceKind === 'dynamic') {
            const dyn = sourceId as DynamicChannelId;
            const list = (
              ['videos', 'movies', 'episodes', 'all'].includes(String(cfg.list)) ? cfg.list : 'all'
            ) as DynamicList;
            const fixed = dynamicChannel(dyn).fixedList;
            const effective = fixed ?? list;
            const page = await dynamicPage(site, dyn, effective, p);
            return {
              ...base,
              type: type as DiscoverRow['type'],
              source,
              perUser: false,
              href: `/v2/sites/${site}/dynamic-channels/${dyn}/${effective}`,
              items: page.items,
              total_items: page.total_items,
              next_page: page.next_page,
            };
          }
          return null;
        }),
      );
      return { id: tab.id, title: tab.title, rows: rows.filter((r): r is DiscoverRow => r !== null) };
    },
  };
}
