import { MOMENT_TAG_MAX } from '@marquee/domain';
import { z } from 'zod';
import { Video } from './catalog';
import { ClientQuery } from './common';
import { Gif } from './gifs';

/** Moments (discovery-and-site §3 Moment, §5, §7 Moments; decision 0048). */

const Uid = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[\w.:-]+$/, 'must be letters, digits, dot, underscore, colon or dash');
const MomentId = z.string().regex(/^m_[0-9a-f]{16}$/, 'must be a moment id');
const seconds = (field: string) =>
  z
    .number({ message: `${field} must be a number of seconds` })
    .finite()
    .min(0, `${field} must be 0 or more`)
    .max(7 * 24 * 3600, `${field} is out of range`);

export const MomentChannelParams = z.object({ channel: Uid });
export type MomentChannelParams = z.infer<typeof MomentChannelParams>;

/** POST /api/moments/{channel}/none {timemarker, tag, videoId}. */
export const CreateMomentBody = z.object({
  timemarker: seconds('timemarker'),
  tag: z
    .string({ message: 'tag must be text' })
    .trim()
    .min(1, 'Write a comment')
    .max(MOMENT_TAG_MAX, `A comment is at most ${MOMENT_TAG_MAX} characters`)
    .regex(/^[^\p{Cc}]*$/u, 'tag must be one line'),
  videoId: Uid,
});
export type CreateMomentBody = z.infer<typeof CreateMomentBody>;

export const Moment = z
  .object({
    _id: z.string(),
    videoUid: z.string(),
    timemarker: z.number(),
    tag: z.string(),
    userId: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'Moment' });
export type Moment = z.infer<typeof Moment>;

export const MomentParams = z.object({ site: z.string().min(1).max(64), id: Uid, momentId: MomentId });
export type MomentParams = z.infer<typeof MomentParams>;
export const VideoMomentsParams = z.object({ site: z.string().min(1).max(64), id: Uid });
export type VideoMomentsParams = z.infer<typeof VideoMomentsParams>;

/** GET videos/{id}/moments?timemarker&lt: moments from `timemarker` up to (not including) `lt`. */
export const MomentsQuery = ClientQuery.extend({
  timemarker: z.coerce
    .number()
    .finite()
    .min(0)
    .max(7 * 24 * 3600)
    .default(0),
  lt: z.coerce
    .number()
    .finite()
    .min(0)
    .max(7 * 24 * 3600)
    .optional(),
});
export type MomentsQuery = z.infer<typeof MomentsQuery>;

export const MomentList = z.object({ items: z.array(Moment) });
export type MomentList = z.infer<typeof MomentList>;
export const MomentCount = z.object({ count: z.number().int() });
export type MomentCount = z.infer<typeof MomentCount>;

/** GET /v1/video/uid/{uid}/info?momentId&gifId: the video, and the moment or gif a shared link names. */
export const VideoInfoParams = z.object({ uid: Uid });
export const VideoInfoQuery = ClientQuery.extend({
  momentId: MomentId.optional(),
  gifId: z.string().max(40).optional(),
});
export type VideoInfoQuery = z.infer<typeof VideoInfoQuery>;
export const VideoInfo = z.object({
  video: Video,
  moment: Moment.nullable(),
  gif: Gif.nullable(),
});
export type VideoInfo = z.infer<typeof VideoInfo>;
