import { randomBytes } from 'node:crypto';
import type { Gif, GifListQuery } from '@marquee/contract';
import { GIF_SIZES, gifRangeProblem, type GifSize } from '@marquee/domain';
import type { RateLimiter, RateRule } from '../../infra/rate-limiter';
import type { AuthUser } from '../../plugins/auth';
import { AppError, badRequest, notFound, rateLimited } from '../../plugins/errors';
import type { Site } from '../sites';
import { GIF_FILES } from '../../media/gif';
import type { Reviewable } from '../reports';
import type { GifRow, GifsRepository } from './gifs.repository';

export type GifsService = ReturnType<typeof createGifsService>;

/** Rendering costs seconds of CPU: a viewer starts at most 10 gifs an hour (ours). */
export const GIF_CREATE_LIMIT: RateRule = { limit: 10, windowMs: 3600_000 };

/** What the `gif` job is handed: which gif, and what to cut it from (never the asset's key). */
/** The create body after its defaults (size medium, no meme text). */
export type GifRequest = {
  start: number;
  end: number;
  size: GifSize;
  memeTopText: string;
  memeBottomText: string;
};

export type GifJobPayload = { gifId: string; assetId: string; playlist: string };

export function createGifsService(deps: {
  repo: GifsRepository;
  limiter: RateLimiter;
  /** The playback service's access-checked source of a video (404, 403 notEntitled, 409). */
  source: (
    siteUid: string,
    uid: string,
    user: AuthUser,
    minWidth: number,
  ) => Promise<{ assetId: string; durationS: number; playlist: string }>;
  enqueue: (type: 'gif', payload: GifJobPayload) => Promise<string>;
  now: () => number;
}) {
  const { repo, limiter, now } = deps;

  return {
    /** Queues a gif of a video the viewer may watch; it is processing until its job ends. */
    async create(site: Site, user: AuthUser, videoUid: string, body: GifRequest): Promise<Gif> {
      if (site.uid !== user.siteUid)
        throw new AppError(403, 'wrongSite', 'This account belongs to another site', 'site');
      if (site.perms.hideGifCreator)
        throw new AppError(403, 'gifsDisabled', 'Gifs are not available on this site');
      const { size } = body;
      const source = await deps.source(site.uid, videoUid, user, GIF_SIZES[size]);
      const problem = gifRangeProblem(body.start, body.end, source.durationS);
      if (problem) throw badRequest(problem.field, problem.message);
      const rate = await limiter.hit(`gif:user:${user.id}`, GIF_CREATE_LIMIT);
      if (!rate.allowed)
        throw rateLimited(rate.retryAfterMs, 'You have made many gifs lately. Please try again later');

      const id = `g_${randomBytes(8).toString('hex')}`;
      await repo.insert({
        id,
        site_uid: site.uid,
        video_uid: videoUid,
        user_id: user.id,
        start_s: body.start,
        end_s: body.end,
        size,
        meme_top_text: body.memeTopText.trim(),
        meme_bottom_text: body.memeBottomText.trim(),
        result: null,
        error: null,
        job_id: null,
        created_at: new Date(now()).toISOString(),
        processed_at: null,
      });
      const jobId = await deps.enqueue('gif', {
        gifId: id,
        assetId: source.assetId,
        playlist: source.playlist,
      });
      await repo.setJob(id, jobId);
      return toGif((await repo.find(site.uid, id))!);
    },

    /** One gif of the video, in any state (the create page polls it); hidden only `withHidden` (staff). */
    async get(siteUid: string, videoUid: string | null, gifId: string, withHidden = false): Promise<Gif> {
      const row = await repo.find(siteUid, gifId, withHidden);
      if (!row || (videoUid !== null && row.video_uid !== videoUid)) throw notFound(`Gif '${gifId}'`);
      return toGif(row);
    },

    async list(siteUid: string, videoUid: string, query: GifListQuery): Promise<{ items: Gif[] }> {
      return { items: (await repo.listDone(siteUid, videoUid, query.startTime)).map(toGif) };
    },

    async count(siteUid: string, videoUid: string): Promise<{ count: number }> {
      return { count: await repo.countDone(siteUid, videoUid) };
    },

    /**
     * 404 unless the gif is rendered (its files are public once it is) and shown; a hidden one's
     * files only for a caller `mayReview` says may moderate its site.
     */
    async requireRendered(gifId: string, mayReview: (siteUid: string) => Promise<boolean>): Promise<void> {
      const row = await repo.findById(gifId);
      if (!row || row.result !== 'Success') throw notFound(`Gif '${gifId}'`);
      if (row.hidden_at !== null && !(await mayReview(row.site_uid))) throw notFound(`Gif '${gifId}'`);
    },

    /** The site's gifs with these ids, hidden ones included, for the staff review list. */
    async reviewable(siteUid: string, ids: string[]): Promise<Map<string, Reviewable<Gif>>> {
      const rows = await repo.findMany(siteUid, ids);
      return new Map(
        rows.map((r) => [r.id, { videoUid: r.video_uid, hiddenAt: r.hidden_at, item: toGif(r) }]),
      );
    },

    setHidden: (siteUid: string, id: string, at: string | null) => repo.setHidden(siteUid, id, at),
  };
}

/** Where a rendered gif's files are served (public, like a shared link's preview). */
export const gifFileUrl = (gifId: string, file: keyof typeof GIF_FILES) =>
  `/v2/gifs/${gifId}/${GIF_FILES[file]}`;

function toGif(row: GifRow): Gif {
  const done = row.result === 'Success';
  return {
    _id: row.id,
    videoUid: row.video_uid,
    url: done ? gifFileUrl(row.id, 'animation') : null,
    staticUrl: done ? gifFileUrl(row.id, 'still') : null,
    startTime: row.start_s,
    endTime: row.end_s,
    size: row.size,
    memeTopText: row.meme_top_text,
    memeBottomText: row.meme_bottom_text,
    isProcessed: row.result !== null,
    result: row.result === 'Success' || row.result === 'Error' ? row.result : null,
    createdAt: row.created_at,
  };
}
