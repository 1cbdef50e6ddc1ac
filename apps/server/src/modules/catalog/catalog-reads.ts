import {
  LISTED_LIVE_EVENT_ACCESS,
  LISTED_LIVE_EVENT_STATUS,
  isListedLiveEvent,
  pageOffset,
  rankedPageSlice,
  toPage,
  type DynamicList,
} from '@marquee/domain';
import type { Paginated, Video } from '@marquee/contract';
import { notFound } from '../../plugins/errors';
import type { CatalogRepository, VideoFilter, VideoOrder } from './catalog.repository';
import { toSeries, toVideo, type SeriesStats } from './catalog.mapper';

export type Paging = { page: number; pageSize: number };

/** The video types behind each dynamic list. */
export const LIST_TYPES: Record<DynamicList, string[]> = {
  videos: ['video'],
  movies: ['movie'],
  episodes: ['episode'],
  all: ['video', 'movie', 'episode'],
};

/** A page of a list already read whole (live events are filtered and sorted in memory). */
export function pageOf<T>(all: T[], p: Paging): Paginated<T> {
  const start = pageOffset(p.page, p.pageSize);
  return toPage(all.slice(start, start + p.pageSize), p.page, p.pageSize, all.length);
}

export type CatalogReads = ReturnType<typeof createCatalogReads>;

/** The reads every part of the catalog service shares: the clock, video pages, lookups that 404, series stats. */
export function createCatalogReads(deps: {
  repo: CatalogRepository;
  /** Wall clock in epoch ms (the context's `now`). */
  now: () => number;
}) {
  const { repo } = deps;
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

  return {
    repo,
    clock,
    videoPage,
    rankedPage,
    requireChannel,
    requireVideo,
    requireSeries,
    seriesWithStats,
    listedLiveEvents,
  };
}
