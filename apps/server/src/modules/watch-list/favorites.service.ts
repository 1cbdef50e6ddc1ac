import type {
  FavoriteFlags,
  MyVideoType,
  Paginated,
  ProgressList,
  UserFavorite,
  Video,
} from '@marquee/contract';
import { pageOffset, toPage } from '@marquee/domain';
import type { AuthUser } from '../../plugins/auth';
import { notFound } from '../../plugins/errors';
import type { Site } from '../sites';
import type { FavoritesRepository } from './favorites.repository';
import { ownSite } from '../sites';

export type FavoritesService = ReturnType<typeof createFavoritesService>;

/**
 * Favorites (playback-and-social §4.11, §7 Videos; decision 0019): the viewer's flag per video and
 * the video's count. POST sets the flag the client asks for; the toggle is the client's (it sends
 * the opposite of what it shows), so two racing requests for the same state count once.
 */
export function createFavoritesService(deps: {
  repo: FavoritesRepository;
  /** Throws 404 for a video catalog reads do not serve (unknown or private). */
  requireVideo: (site: string, uid: string) => Promise<unknown>;
  /** Catalog reads of several videos (private ones left out). */
  videosByUid: (site: string, uids: string[]) => Promise<Map<string, Video>>;
  /** The viewer's history-progress page (the progress module). */
  history: (
    userId: string,
    site: string,
    q: { page: number; pageSize: number; unfinished: boolean },
  ) => Promise<ProgressList>;
  now: () => number;
}) {
  const { repo, requireVideo, now } = deps;

  return {
    /**
     * The viewer's own flags for many videos. Only their own favorites are read, so naming unknown
     * or private uids reveals nothing: they are simply not in the answer.
     */
    async flags(user: AuthUser, site: Site, uids: readonly string[]): Promise<FavoriteFlags> {
      const siteUid = ownSite(site, user);
      return { favorites: await repo.favorited(user.id, siteUid, [...new Set(uids)]) };
    },

    async get(user: AuthUser, site: Site, uid: string): Promise<UserFavorite> {
      const siteUid = ownSite(site, user);
      await requireVideo(siteUid, uid);
      const state = await repo.get(user.id, siteUid, uid);
      if (!state) throw notFound(`Video '${uid}'`);
      return { uid, ...state };
    },

    /**
     * GET me/sites/{site}/videos/{type}: the viewer's favorites (newest first) or watched videos
     * (most recent first) as catalog videos. A video gone from the catalog since drops out of its
     * page; `total` still counts it (the list's own rows).
     */
    async videos(
      user: AuthUser,
      site: Site,
      type: MyVideoType,
      p: { page: number; pageSize: number },
    ): Promise<Paginated<Video>> {
      const siteUid = ownSite(site, user);
      if (type === 'history') {
        const list = await deps.history(user.id, siteUid, { ...p, unfinished: false });
        return { ...list, items: list.items.map((i) => i.video) };
      }
      const { uids, total } = await repo.page(user.id, siteUid, pageOffset(p.page, p.pageSize), p.pageSize);
      const videos = await deps.videosByUid(siteUid, uids);
      const items = uids.flatMap((uid) => videos.get(uid) ?? []);
      return toPage(items, p.page, p.pageSize, total);
    },

    async set(user: AuthUser, site: Site, uid: string, favorite: boolean): Promise<UserFavorite> {
      const siteUid = ownSite(site, user);
      await requireVideo(siteUid, uid);
      const state = await repo.set(
        { user_id: user.id, site_uid: siteUid, video_uid: uid, created_at: new Date(now()).toISOString() },
        favorite,
      );
      if (!state) throw notFound(`Video '${uid}'`);
      return { uid, ...state };
    },
  };
}
