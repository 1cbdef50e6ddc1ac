import { randomBytes } from 'node:crypto';
import type { CreateMomentBody, Gif, Moment, MomentsQuery, Video, VideoInfo } from '@marquee/contract';
import { MOMENT_LOGIN_MESSAGE, MOMENTS_BUFFER_S, momentProblem } from '@marquee/domain';
import type { RateLimiter, RateRule } from '../../infra/rate-limiter';
import type { AuthUser } from '../../plugins/auth';
import { AppError, badRequest, notFound, rateLimited } from '../../plugins/errors';
import type { Reviewable } from '../reports';
import type { Site } from '../sites';
import type { MomentRow, MomentsRepository } from './moments.repository';

export type MomentsService = ReturnType<typeof createMomentsService>;

/** A viewer adds at most 20 moments in 10 minutes (ours: comments are cheap to post, costly to read). */
export const MOMENT_CREATE_LIMIT: RateRule = { limit: 20, windowMs: 10 * 60_000 };

export function createMomentsService(deps: {
  repo: MomentsRepository;
  limiter: RateLimiter;
  /** The catalog's video of the site (404 when unknown or not published). */
  video: (siteUid: string, uid: string) => Promise<Video>;
  /** A gif of the site by id (404 when unknown). */
  gif: (siteUid: string, gifId: string) => Promise<Gif>;
  now: () => number;
}) {
  const { repo, limiter, now } = deps;

  return {
    /** POST /api/moments/{channel}/none: a signed-in viewer's comment at a time within the video. */
    async create(
      site: Site,
      user: AuthUser | null,
      channelId: string,
      body: CreateMomentBody,
    ): Promise<Moment> {
      if (!user) throw new AppError(401, 'unauthorized', MOMENT_LOGIN_MESSAGE);
      if (site.uid !== user.siteUid)
        throw new AppError(403, 'wrongSite', 'This account belongs to another site', 'site');
      if (site.perms.hideComments)
        throw new AppError(403, 'commentsDisabled', 'Comments are not available on this site');
      const video = await deps.video(site.uid, body.videoId);
      const problem = momentProblem(body.timemarker, body.tag, video.contentDetails.duration);
      if (problem) throw badRequest(problem.field, problem.message);
      const rate = await limiter.hit(`moment:user:${user.id}`, MOMENT_CREATE_LIMIT);
      if (!rate.allowed)
        throw rateLimited(rate.retryAfterMs, 'You have added many comments lately. Please wait a little');
      const row: MomentRow = {
        id: `m_${randomBytes(8).toString('hex')}`,
        site_uid: site.uid,
        video_uid: video.uid,
        channel_id: channelId,
        user_id: user.id,
        timemarker: body.timemarker,
        tag: body.tag.trim(),
        created_at: new Date(now()).toISOString(),
        hidden_at: null,
      };
      await repo.insert(row);
      return toMoment(row);
    },

    /** One moment of the video; a hidden one only `withHidden` (staff reviewing it). */
    async get(siteUid: string, videoUid: string, id: string, withHidden = false): Promise<Moment> {
      const row = await repo.find(siteUid, videoUid, id, withHidden);
      if (!row) throw notFound(`Moment '${id}'`);
      return toMoment(row);
    },

    /** The moments of a window of the video: from `timemarker` to `lt` (400 s on by default). */
    async list(siteUid: string, videoUid: string, query: MomentsQuery): Promise<{ items: Moment[] }> {
      const to = query.lt ?? query.timemarker + MOMENTS_BUFFER_S;
      if (to < query.timemarker) throw badRequest('lt', 'lt must not be before timemarker');
      return { items: (await repo.window(siteUid, videoUid, query.timemarker, to)).map(toMoment) };
    },

    async count(siteUid: string, videoUid: string): Promise<{ count: number }> {
      return { count: await repo.count(siteUid, videoUid) };
    },

    /** GET /v1/video/uid/{uid}/info: the video, and the moment or gif a shared link names (404 if it is not the video's). */
    async info(siteUid: string, uid: string, ids: { momentId?: string; gifId?: string }): Promise<VideoInfo> {
      const video = await deps.video(siteUid, uid);
      const moment = ids.momentId ? await this.get(siteUid, video.uid, ids.momentId) : null;
      const gif = ids.gifId ? await deps.gif(siteUid, ids.gifId) : null;
      if (gif && gif.videoUid !== video.uid) throw notFound(`Gif '${ids.gifId}'`);
      // The video carries the moment it opens at (playback-and-social §3 Video `moment`).
      const at = moment ? { _id: moment._id, tag: moment.tag, timemarker: moment.timemarker } : null;
      return { video: { ...video, moment: at }, moment, gif };
    },

    /** The site's moments with these ids, hidden ones included, for the staff review list. */
    async reviewable(siteUid: string, ids: string[]): Promise<Map<string, Reviewable<Moment>>> {
      const rows = await repo.findMany(siteUid, ids);
      return new Map(
        rows.map((r) => [r.id, { videoUid: r.video_uid, hiddenAt: r.hidden_at, item: toMoment(r) }]),
      );
    },

    setHidden: (siteUid: string, id: string, at: string | null) => repo.setHidden(siteUid, id, at),
  };
}

function toMoment(row: MomentRow): Moment {
  return {
    _id: row.id,
    videoUid: row.video_uid,
    timemarker: row.timemarker,
    tag: row.tag,
    userId: row.user_id,
    createdAt: row.created_at,
  };
}
