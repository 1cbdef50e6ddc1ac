import type { ProgressList, SaveProgressBody, SaveProgressResponse, Video } from '@marquee/contract';
import { isFinished, pageOffset, toPage } from '@marquee/domain';
import { AppError } from '../../plugins/errors';
import type { ProgressRepository } from './progress.repository';

export type ProgressService = ReturnType<typeof createProgressService>;

/** Live content has no position to come back to. */
const TRACKABLE = new Set(['video', 'episode', 'movie']);

/**
 * Watch progress (playback-and-social §4.8): the player reports positions, the server keeps the
 * latest per viewer and video and decides "finished" itself, from the catalog's duration.
 */
export function createProgressService(deps: {
  repo: ProgressRepository;
  /** The catalog's video, or undefined when the site has no such video. */
  findVideo: (site: string, uid: string) => Promise<Video | undefined>;
  now: () => number;
}) {
  const { repo, findVideo, now } = deps;

  return {
    async save(userId: string, site: string, body: SaveProgressBody): Promise<SaveProgressResponse> {
      // The last report of a video in a batch is its newest position.
      const latest = new Map(body.history.map((item) => [item.id, item.progress]));
      const rejected: SaveProgressResponse['rejected'] = [];
      let saved = 0;
      for (const [id, progress] of latest) {
        const video = await findVideo(site, id);
        if (!video) rejected.push({ id, code: 'notFound' });
        else if (!TRACKABLE.has(video.type)) rejected.push({ id, code: 'notTrackable' });
        else {
          const duration = video.contentDetails.duration;
          const position = duration > 0 ? Math.min(progress, duration) : progress;
          await repo.upsert({
            user_id: userId,
            site_uid: site,
            video_uid: video.uid,
            type: video.type,
            series_uid: video.series?.uid ?? null,
            position_s: position,
            duration_s: duration,
            finished: isFinished(position, duration) ? 1 : 0,
            updated_at: new Date(now()).toISOString(),
          });
          saved++;
        }
      }
      return { saved, rejected };
    },

    async list(
      userId: string,
      site: string,
      q: { page: number; pageSize: number; unfinished: boolean },
    ): Promise<ProgressList> {
      const { rows, total } = await repo.page(userId, site, {
        unfinishedOnly: q.unfinished,
        offset: pageOffset(q.page, q.pageSize),
        limit: q.pageSize,
      });
      const items: ProgressList['items'] = [];
      for (const row of rows) {
        // A video removed from the catalog since drops out of the list rather than failing it.
        const video = await findVideo(site, row.video_uid);
        if (!video) continue;
        items.push({
          type: row.type,
          id: row.video_uid,
          progress: row.position_s,
          duration: row.duration_s,
          finished: row.finished === 1,
          seriesId: row.series_uid,
          updatedAt: row.updated_at,
          video,
        });
      }
      return toPage(items, q.page, q.pageSize, total);
    },

    /**
     * The viewer's position and finished flag by video uid, for the given videos and every episode
     * of the given series (the watch list's next unfinished episode, decision 0019).
     */
    async positions(
      userId: string,
      site: string,
      content: { videoUids: string[]; seriesUids: string[] },
    ): Promise<Map<string, { progress: number; finished: boolean }>> {
      const rows = await repo.forContent(userId, site, content);
      return new Map(rows.map((r) => [r.video_uid, { progress: r.position_s, finished: r.finished === 1 }]));
    },

    async remove(userId: string, site: string, videoUid: string): Promise<void> {
      if (!(await repo.remove(userId, site, videoUid)))
        throw new AppError(404, 'notFound', 'This video is not in your watch history', 'id');
    },
  };
}
