import { randomUUID } from 'node:crypto';
import type { AddToWatchListBody, Series, Video, WatchList, WatchListItem } from '@marquee/contract';
import { nextUnfinishedEpisode, pageOffset, WATCH_LIST_MAX_ITEMS } from '@marquee/domain';
import type { WatchListItemsTable } from '../../db/schema';
import type { AuthUser } from '../../plugins/auth';
import { AppError } from '../../plugins/errors';
import type { Site } from '../sites';
import { ownSite } from '../sites';
import type { WatchListRepository } from './watch-list.repository';

export type WatchListService = ReturnType<typeof createWatchListService>;

/**
 * The viewer's watch list (playback-and-social §3, §4.11, §7; decision 0019). Items keep only what
 * was added (a video or a series uid); every read builds them from the catalog, so a title, an
 * image or an episode is never what a client once sent. The series variant's video is the next
 * unfinished episode by the viewer's saved progress (the server's finished rule, decision 0017).
 */
export function createWatchListService(deps: {
  repo: WatchListRepository;
  catalog: {
    videosByUid: (site: string, uids: string[]) => Promise<Map<string, Video>>;
    seriesWithEpisodes: (
      site: string,
      uids: string[],
    ) => Promise<Map<string, { series: Series; episodes: Video[] }>>;
  };
  progress: {
    positions: (
      userId: string,
      site: string,
      content: { videoUids: string[]; seriesUids: string[] },
    ) => Promise<Map<string, { progress: number; finished: boolean }>>;
  };
  now: () => number;
  /** "Watch list page 1000": a list never outgrows the one page clients ask for. */
  maxItems?: number;
}) {
  const { repo, catalog, progress, now } = deps;
  const maxItems = deps.maxItems ?? WATCH_LIST_MAX_ITEMS;

  /** Rows → items, in order; rows whose content the catalog no longer serves are left out. */
  async function toItems(
    userId: string,
    site: string,
    rows: WatchListItemsTable[],
  ): Promise<WatchListItem[]> {
    const videoUids = rows.filter((r) => r.content_type === 'video').map((r) => r.content_id);
    const seriesUids = rows.filter((r) => r.content_type === 'series').map((r) => r.content_id);
    const [videos, series, positions] = await Promise.all([
      catalog.videosByUid(site, videoUids),
      catalog.seriesWithEpisodes(site, seriesUids),
      progress.positions(userId, site, { videoUids, seriesUids }),
    ]);
    const items: WatchListItem[] = [];
    for (const row of rows) {
      const base = { _id: row.id, id: row.id, contentId: row.content_id, createdAt: row.created_at };
      if (row.content_type === 'series') {
        const found = series.get(row.content_id);
        const next =
          found &&
          nextUnfinishedEpisode(
            found.episodes.map((video) => ({
              uid: video.uid,
              season: video.series?.season ?? 1,
              episode: video.series?.episode ?? 0,
              video,
            })),
            (uid) => positions.get(uid)?.finished ?? false,
          );
        if (!found || !next) continue;
        items.push({
          ...base,
          contentType: 'series',
          video: next.video,
          series: found.series,
          progress: positions.get(next.uid)?.progress ?? null,
        });
      } else {
        const video = videos.get(row.content_id);
        if (!video) continue;
        items.push({
          ...base,
          contentType: 'video',
          video,
          series: null,
          progress: positions.get(video.uid)?.progress ?? null,
        });
      }
    }
    return items;
  }

  /** What `contentId` names: a video, else a series (or only the kind the `video.type` hint says). */
  async function contentType(site: string, contentId: string, hint: string | undefined) {
    if (hint !== 'series' && (await catalog.videosByUid(site, [contentId])).has(contentId)) return 'video';
    if (hint === undefined || hint === 'series') {
      const found = (await catalog.seriesWithEpisodes(site, [contentId])).get(contentId);
      if (found && found.episodes.length > 0) return 'series';
      if (found)
        throw new AppError(
          404,
          'notFound',
          `Series '${contentId}' has no episodes to watch yet`,
          'contentId',
        );
    }
    const what = hint === 'series' ? 'Series' : hint === undefined ? 'Video or series' : 'Video';
    throw new AppError(404, 'notFound', `${what} '${contentId}' not found`, 'contentId');
  }

  return {
    async list(user: AuthUser, site: Site, q: { page: number; pageSize: number }): Promise<WatchList> {
      const siteUid = ownSite(site, user, 'watchList');
      const items = await toItems(user.id, siteUid, await repo.list(user.id, siteUid));
      const start = pageOffset(q.page, q.pageSize);
      return { items: items.slice(start, start + q.pageSize), totalItems: items.length };
    },

    /**
     * Adds a title; adding one that is already there returns the existing item (`created` false,
     * a 200 rather than a 201), so a retried or doubled request is harmless.
     */
    async add(
      user: AuthUser,
      site: Site,
      body: AddToWatchListBody,
    ): Promise<{ item: WatchListItem; created: boolean }> {
      const siteUid = ownSite(site, user, 'watchList');
      const type = await contentType(siteUid, body.contentId, body.video?.type);
      let row = await repo.find(user.id, body.contentId);
      let created = false;
      if (!row) {
        if ((await repo.count(user.id)) >= maxItems)
          throw new AppError(
            409,
            'watchListFull',
            `A watch list holds at most ${maxItems} titles`,
            'contentId',
          );
        const candidate: WatchListItemsTable = {
          id: randomUUID(),
          user_id: user.id,
          site_uid: siteUid,
          content_id: body.contentId,
          content_type: type,
          created_at: new Date(now()).toISOString(),
        };
        created = await repo.insert(candidate);
        // Lost a race with the same add: the other request's row is the item.
        row = created ? candidate : await repo.find(user.id, body.contentId);
      }
      const [item] = row ? await toItems(user.id, siteUid, [row]) : [];
      if (!item) throw new AppError(404, 'notFound', `'${body.contentId}' not found`, 'contentId');
      return { item, created };
    },

    /** Removes by the item's id or by its contentId (what a card's button knows). */
    async remove(user: AuthUser, site: Site, id: string): Promise<void> {
      const siteUid = ownSite(site, user, 'watchList');
      if (!(await repo.remove(user.id, siteUid, id)))
        throw new AppError(404, 'notFound', 'This title is not in your watch list', 'id');
    },
  };
}
