import { GIF_MEME_MAX_CHARS, GIF_SIZES } from '@marquee/domain';
import { z } from 'zod';
import { ClientQuery } from './common';

/**
 * Gifs (discovery-and-site §3 Gif, §5, §7 Gifs, §9): POST /api/gifs/video/{id} queues a `gif` job;
 * the gif is processing until `result` is `Success` (then `url` and `staticUrl` are set) or
 * `Error`. Decision 0047.
 */

const VideoUid = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[\w.:-]+$/, 'must be letters, digits, dot, underscore, colon or dash');
const GifId = z.string().regex(/^g_[0-9a-f]{16}$/, 'must be a gif id');
const seconds = (field: string) =>
  z
    .number({ message: `${field} must be a number of seconds` })
    .finite()
    .min(0, `${field} must be 0 or more`)
    .max(7 * 24 * 3600, `${field} is out of range`);
const memeText = (field: string) =>
  z
    .string({ message: `${field} must be text` })
    .max(GIF_MEME_MAX_CHARS, `${field} is at most ${GIF_MEME_MAX_CHARS} characters`)
    .regex(/^[^\p{Cc}]*$/u, `${field} must be one line`)
    .default('');

export const GifVideoParams = z.object({ id: VideoUid });
export type GifVideoParams = z.infer<typeof GifVideoParams>;

export const GifParams = z.object({ site: z.string().min(1).max(64), id: VideoUid, gifId: GifId });
export type GifParams = z.infer<typeof GifParams>;

export const SiteGifParams = z.object({ site: z.string().min(1).max(64), gifId: GifId });
export type SiteGifParams = z.infer<typeof SiteGifParams>;

export const GifFileParams = z.object({ gifId: GifId, file: z.enum(['animation.gif', 'still.jpg']) });
export type GifFileParams = z.infer<typeof GifFileParams>;

/** The spec's body: the range in seconds of the video, the size and the two meme lines. */
export const CreateGifBody = z.object({
  start: seconds('start'),
  end: seconds('end'),
  size: z.enum(Object.keys(GIF_SIZES) as [keyof typeof GIF_SIZES]).default('medium'),
  memeTopText: memeText('memeTopText'),
  memeBottomText: memeText('memeBottomText'),
});
export type CreateGifBody = z.input<typeof CreateGifBody>;

export const GifListQuery = ClientQuery.extend({
  startTime: z.coerce
    .number()
    .finite()
    .min(0)
    .max(7 * 24 * 3600)
    .optional(),
});
export type GifListQuery = z.infer<typeof GifListQuery>;

/** The spec's Gif: `_id`, `videoUid`, `url`, `staticUrl`, the range, the meme text, `isProcessed`, `result`. */
export const Gif = z
  .object({
    _id: z.string(),
    videoUid: z.string(),
    url: z.string().nullable(),
    staticUrl: z.string().nullable(),
    startTime: z.number(),
    endTime: z.number(),
    size: z.string(),
    memeTopText: z.string(),
    memeBottomText: z.string(),
    isProcessed: z.boolean(),
    result: z.enum(['Success', 'Error']).nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Gif' });
export type Gif = z.infer<typeof Gif>;

export const GifList = z.object({ items: z.array(Gif) });
export type GifList = z.infer<typeof GifList>;

export const GifCount = z.object({ count: z.number().int() });
export type GifCount = z.infer<typeof GifCount>;
