import type { CatalogQueueType, Paginated, Queue, Video } from '@marquee/contract';
import {
  PageSize,
  WATCH_LIST_QUEUE_ID,
  isDynamicChannelId,
  queueOfList,
  toPage,
  toQueue,
} from '@marquee/domain';
import type { AuthUser } from '../../plugins/auth';
import { badRequest, notFound } from '../../plugins/errors';
import type { CatalogService, CatalogViewer, Paging } from '../catalog';
import type { Site } from '../sites';

export type QueueService = ReturnType<typeof createQueueService>;

type CatalogReads = Pick<
  CatalogService,
  | 'channelLiveEvents'
  | 'movieExtras'
  | 'seriesExtras'
  | 'playlist'
  | 'channelMovies'
  | 'dynamic'
  | 'seriesEpisodes'
  | 'video'
  | 'channelVideos'
>;

/** The watch list as its service lists it: each item's `video` (a series' next unfinished episode). */
type WatchListReads = {
  list(user: AuthUser, site: Site, q: Paging): Promise<{ items: { video: Video }[] }>;
};

/**
 * The §7 queue loaders (decision 0062): each reads one catalog list (or the viewer's watch list) and
 * answers the spec's Queue shape. No SQL of its own: the catalog and the watch list own their tables.
 */
export function createQueueService(deps: { catalog: CatalogReads; watchList: WatchListReads }) {
  const { catalog } = deps;

  function dynamicId(id: string) {
    if (!isDynamicChannelId(id))
      throw badRequest(
        'id',
        `Unknown dynamic channel '${id}'; one of recent, popular, recommended and their -movies/-episodes`,
      );
    return id;
  }

  async function page(
    site: string,
    type: CatalogQueueType,
    id: string,
    p: Paging,
    viewer: CatalogViewer | null,
  ): Promise<Paginated<Video>> {
    switch (type) {
      case 'liveEventChannel':
        return catalog.channelLiveEvents(site, id, p);
      case 'movieExtras':
        return catalog.movieExtras(site, id, p);
      case 'seriesExtras':
        return catalog.seriesExtras(site, id, p);
      case 'playlist': {
        const list = await catalog.playlist(site, id, p);
        return toPage(list.items, p.page, p.pageSize, list.total);
      }
      case 'movieChannel':
        return catalog.channelMovies(site, id, p);
      case 'dynamicMovieChannel':
        return catalog.dynamic(site, dynamicId(id), 'movies', p, viewer);
      case 'seriesEpisodes':
        return catalog.seriesEpisodes(site, id, undefined, p);
      case 'seriesByDynamicEpisode': {
        const episode = await catalog.video(site, id);
        if (episode.type !== 'episode' || !episode.series) throw notFound(`Episode '${id}'`);
        return catalog.seriesEpisodes(site, episode.series.uid, undefined, p);
      }
      case 'videoChannel':
        return catalog.channelVideos(site, id, p);
      case 'dynamicVideoChannel':
        return catalog.dynamic(site, dynamicId(id), 'videos', p, viewer);
      default:
        throw badRequest('type', `Unknown queue type '${String(type)}'`);
    }
  }

  return {
    /** One page of a catalog loader's queue. A recommended dynamic queue is the viewer's own when signed in. */
    async catalogQueue(
      site: string,
      type: CatalogQueueType,
      id: string,
      p: Paging,
      viewer: CatalogViewer | null,
    ): Promise<Queue> {
      return toQueue(type, id, await page(site, type, id, p, viewer));
    },
    /** One page of the viewer's watch list as a queue (newest first, as the list). */
    async watchListQueue(user: AuthUser, site: Site, p: Paging): Promise<Queue> {
      const list = await deps.watchList.list(user, site, { page: 0, pageSize: PageSize.watchList });
      return queueOfList(
        'watchList',
        WATCH_LIST_QUEUE_ID,
        list.items.map((i) => i.video),
        p.page,
        p.pageSize,
      );
    },
  };
}
