import { z } from 'zod';
import { Video } from './catalog';
import { pagingQuery, paginated, PageSize, SiteParams } from './common';

/**
 * Watch progress (playback-and-social §3 Watch-progress item, §4.8, §7 Progress) at
 * /v2/me/sites/{site}/history-progress. Positions and durations are seconds.
 */

/** One saved position, as the player reports it. The server knows the duration and type. */
export const ProgressReport = z.object({
  id: z.string().trim().min(1, 'id is required').max(128),
  progress: z
    .number()
    .min(0, 'progress must be 0 or more')
    .max(7 * 24 * 3600),
});
export type ProgressReport = z.infer<typeof ProgressReport>;

/** POST body: the batch the player flushed (at 5 items, on stop, login/logout and page unload). */
export const SaveProgressBody = z.object({
  history: z.array(ProgressReport).min(1, 'history needs at least one item').max(50),
});
export type SaveProgressBody = z.infer<typeof SaveProgressBody>;

/**
 * What was saved. An item the server cannot keep (an unknown or live video) is listed in `rejected`
 * instead of failing the batch, so one bad item never loses the others.
 */
export const SaveProgressResponse = z
  .object({
    saved: z.number().int(),
    rejected: z.array(z.object({ id: z.string(), code: z.enum(['notFound', 'notTrackable']) })),
  })
  .meta({ id: 'SaveProgressResponse' });
export type SaveProgressResponse = z.infer<typeof SaveProgressResponse>;

/** The spec's watch-progress item (type, id, progress, finished, seriesId), with the video for cards. */
export const WatchProgressItem = z
  .object({
    type: z.string(),
    id: z.string(),
    progress: z.number(),
    duration: z.number(),
    finished: z.boolean(),
    seriesId: z.string().nullable(),
    updatedAt: z.string(),
    video: Video,
  })
  .meta({ id: 'WatchProgressItem' });
export type WatchProgressItem = z.infer<typeof WatchProgressItem>;

/** GET: newest first; `unfinished=true` is the continue-watching list (page size 50). */
export const ProgressListQuery = pagingQuery(PageSize.queueLong, PageSize.queueLong).extend({
  unfinished: z
    .enum(['true', 'false'], { message: 'unfinished must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
});
export type ProgressListQuery = z.infer<typeof ProgressListQuery>;
export const ProgressList = paginated(WatchProgressItem).meta({ id: 'ProgressList' });
export type ProgressList = z.infer<typeof ProgressList>;

export const ProgressItemParams = SiteParams.extend({ id: z.string().trim().min(1).max(128) });
export type ProgressItemParams = z.infer<typeof ProgressItemParams>;
