import type { Channel, Paginated, Series } from '@marquee/contract';
import { dynamicChannel, pageOffset, toPage, type DynamicChannelId, type DynamicList } from '@marquee/domain';
import { badRequest } from '../../plugins/errors';
import type { VideoFilter } from './catalog.repository';
import { seriesCard, toChannel } from './catalog.mapper';
import { LIST_TYPES, pageOf, type CatalogReads, type Paging } from './catalog-reads';

/**
 * The rankings behind popular and recommended (the recommendations service, wired in context.ts):
 * ranked uids placed ahead of the list's global order. Without one, the global orders stand alone.
 */
export type Recommender = {
  popular(site: string, types: string[]): Promise<string[]>;
  forViewer(site: string, userId: string, types: string[]): Promise<{ head: string[]; exclude: string[] }>;
  forItem(site: string, uid: string, types: string[]): Promise<string[]>;
};
export const noRecommender: Recommender = {
  popular: async () => [],
  forViewer: async () => ({ head: [], exclude: [] }),
  forItem: async () => [],
};

/** The signed-in viewer of a request (the bearer token's user). */
export type CatalogViewer = { id: string; siteUid: string };

export type ChannelRows = ReturnType<typeof createChannelRows>;

/** A channel's or a dynamic channel's items as a page (channel reads and discover rows share them). */
export function createChannelRows(reads: CatalogReads, recommender: Recommender) {
  const { repo, videoPage, rankedPage, seriesWithStats, listedLiveEvents } = reads;

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

  return { dynamicPage, channelRowItems };
}

/** Channels, their items, and dynamic channels. */
export function createChannelReads(reads: CatalogReads, rows: ChannelRows) {
  const { repo, videoPage, requireChannel, seriesWithStats, listedLiveEvents } = reads;
  return {
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
    dynamic: rows.dynamicPage,
  };
}
