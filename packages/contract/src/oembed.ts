import { z } from 'zod';

/** GET /oembed?url&format&maxwidth&maxheight (oEmbed 1.0 §2.2; playback-and-social §2.2 "an oembed link"). */
export const OembedQuery = z.object({
  url: z.string().min(1).max(2048),
  format: z.string().max(10).optional(),
  maxwidth: z.coerce.number().int().min(1).max(10_000).optional(),
  maxheight: z.coerce.number().int().min(1).max(10_000).optional(),
  __site: z.string().max(64).optional(),
});
export type OembedQuery = z.infer<typeof OembedQuery>;

/** The oEmbed 1.0 "video" response. */
export const OembedVideo = z
  .object({
    version: z.literal('1.0'),
    type: z.literal('video'),
    title: z.string(),
    provider_name: z.string(),
    provider_url: z.string(),
    thumbnail_url: z.string().optional(),
    thumbnail_width: z.number().int().optional(),
    thumbnail_height: z.number().int().optional(),
    html: z.string(),
    width: z.number().int(),
    height: z.number().int(),
  })
  .meta({ id: 'OembedVideo' });
export type OembedVideo = z.infer<typeof OembedVideo>;
