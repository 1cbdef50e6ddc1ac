import { matchWatchPath, watchVariant } from './watch-routes';

/**
 * Sharing (discovery-and-site §5, §7 share analytics; decision 0049): the share panel's targets,
 * the spec's URL rules, and what a shared page shows when its link is pasted somewhere.
 */
export const SHARE_TARGETS = ['facebook', 'x', 'whatsapp', 'reddit', 'email', 'copy'] as const;
export type ShareTarget = (typeof SHARE_TARGETS)[number];

/** Where a share went, its analytics event's `platform`: a target, or the embed code copied. */
export const SHARE_PLATFORMS = [...SHARE_TARGETS, 'embed'] as const;
export type SharePlatform = (typeof SHARE_PLATFORMS)[number];

/** What was shared, its analytics event's `type`: a video, a gif or a moment of a video. */
export const SHARE_CONTENT_TYPES = ['video', 'gif', 'moment'] as const;
export type ShareContentType = (typeof SHARE_CONTENT_TYPES)[number];

/** Where each target's share window goes, for a link and a title. */
export function shareTargetUrl(target: Exclude<ShareTarget, 'copy'>, link: string, title: string): string {
  const u = encodeURIComponent(link);
  const t = encodeURIComponent(title);
  switch (target) {
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${u}`;
    case 'x':
      return `https://x.com/intent/post?url=${u}&text=${t}`;
    case 'whatsapp':
      return `https://wa.me/?text=${encodeURIComponent(`${title} ${link}`)}`;
    case 'reddit':
      return `https://www.reddit.com/submit?url=${u}&title=${t}`;
    case 'email':
      return `mailto:?subject=${t}&body=${u}`;
  }
}

/** §5: "A URL without http or https gets http:// added." */
export function withScheme(url: string): string {
  const trimmed = url.trim();
  return /^https?:\/\//i.test(trimmed) ? trimmed : `http://${trimmed.replace(/^\/+/, '')}`;
}

/** §5: "A readable URL keeps a-z, 0-9, _, - and space; spaces become dashes." */
export function readableUrl(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9_\- ]/g, '')
    .replace(/ /g, '-');
}

/** A short link's code: 7 characters of an alphabet without look-alikes. */
export const SHORT_CODE = /^[23456789abcdefghjkmnpqrstuvwxyz]{7}$/;

/** The longest readable tail a short link carries (`/s/{code}/{slug}`). */
export const SHORT_LINK_SLUG_MAX = 100;

/**
 * Whether a short link's tail is one we could have made: a readable URL (§5), read loosely (capitals
 * too, as a viewer may retype it), 1 to SHORT_LINK_SLUG_MAX characters. The tail is ignored otherwise.
 */
export function isShortLinkSlug(slug: string): boolean {
  return slug.length >= 1 && slug.length <= SHORT_LINK_SLUG_MAX && /^[A-Za-z0-9_-]+$/.test(slug);
}

/**
 * A short link that reads as its title: `/s/{code}/{readableUrl(title)}` (cut to
 * SHORT_LINK_SLUG_MAX), or the link alone when the title has nothing readable.
 */
export function readableShortLink(link: string, title: string): string {
  const slug = readableUrl(title).slice(0, SHORT_LINK_SLUG_MAX);
  return slug ? `${link}/${slug}` : link;
}

/** What a shared page is about, for its link preview: a video, a movie, a series or a gif. */
export type SharedContent =
  { kind: 'video'; uid: string } | { kind: 'series'; uid: string } | { kind: 'gif'; id: string };

const MOVIE_PAGE = /^\/movie\/([^/]+)\/?$/;
const SERIES_PAGE = /^\/series\/([^/]+)(?:\/seasons\/[^/]+\/episodes\/[^/]+)?\/?$/;
const GIF_PAGE = /^\/gif\/([^/]+)\/?$/;

/** The content a site path shows, or null for pages that are not about one title. */
export function sharedContentOfPath(path: string): SharedContent | null {
  const decode = (s: string) => {
    try {
      return decodeURIComponent(s);
    } catch {
      return null;
    }
  };
  const one = (re: RegExp) => {
    const m = re.exec(path);
    return m ? decode(m[1]!) : null;
  };
  const gif = one(GIF_PAGE);
  if (gif) return { kind: 'gif', id: gif };
  const movie = one(MOVIE_PAGE);
  if (movie) return { kind: 'video', uid: movie };
  const series = one(SERIES_PAGE);
  if (series) return { kind: 'series', uid: series };
  const match = matchWatchPath(path);
  if (!match) return null;
  try {
    return { kind: 'video', uid: watchVariant(match).videoUid };
  } catch {
    return null;
  }
}
