import { SHARE_TARGETS, SHORT_CODE, SHORT_LINK_SLUG_MAX } from '@marquee/domain';
import { z } from 'zod';
import { SiteParams } from './common';

/** Short links and link previews (discovery-and-site §5; decision 0049). */

/** POST /v2/sites/{site}/short-links {path}: a path of the site ('/…', no scheme or host). */
export const ShortLinksBody = z.object({
  path: z
    .string({ message: 'path must be text' })
    .min(1)
    .max(500, 'path is at most 500 characters')
    .regex(/^\/(?![/\\])[^\s\\]*$/, 'path must be a path of this site, starting with one /'),
});
export type ShortLinksBody = z.infer<typeof ShortLinksBody>;

/** One short link per share target, each `/s/{code}` on the site's host. */
export const ShortLinks = z
  .object({ links: z.record(z.enum(SHARE_TARGETS), z.string()) })
  .meta({ id: 'ShortLinks' });
export type ShortLinks = z.infer<typeof ShortLinks>;

export const ShortLinkParams = z.object({ code: z.string().regex(SHORT_CODE, 'must be a short link code') });
export type ShortLinkParams = z.infer<typeof ShortLinkParams>;

/**
 * GET /s/{code}/{slug}: the same link with its title's readable URL after it (§5), which is ignored
 * when following it. Any text is taken here: a tail that is not a readable slug is a 404, as for a
 * link that does not exist (a mangled paste is an unknown page, not a bad request).
 */
export const ReadableShortLinkParams = ShortLinkParams.extend({
  slug: z.string().describe(`The title's readable URL: a-z, 0-9, _ and -, at most ${SHORT_LINK_SLUG_MAX}`),
});
export type ReadableShortLinkParams = z.infer<typeof ReadableShortLinkParams>;

export const ShortLinkStatsParams = SiteParams.extend({
  code: z.string().regex(SHORT_CODE, 'must be a short link code'),
});
export const ShortLinkStats = z.object({
  code: z.string(),
  path: z.string(),
  target: z.string(),
  hits: z.number().int(),
});
export type ShortLinkStats = z.infer<typeof ShortLinkStats>;

/** POST /api/scrape/facebook {url}: a URL of the site's to have Facebook scrape again (decision 0060). */
export const ScrapeFacebookBody = z.object({
  url: z
    .string()
    .trim()
    .max(2048, 'url must be at most 2048 characters')
    .regex(/^https?:\/\//i, 'url must be an http or https URL')
    .pipe(z.url({ message: 'url must be an http or https URL' })),
});
export type ScrapeFacebookBody = z.infer<typeof ScrapeFacebookBody>;

/** What Facebook now shows for the URL (its Open Graph tags as it read them just now). */
export const FacebookScrape = z
  .object({
    url: z.string(),
    title: z.string().nullable(),
    description: z.string().nullable(),
    image: z.string().nullable(),
    updatedTime: z.string().nullable(),
  })
  .meta({ id: 'FacebookScrape' });
export type FacebookScrape = z.infer<typeof FacebookScrape>;
