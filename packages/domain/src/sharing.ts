import { matchWatchPath, watchVariant } from './watch-routes';

/**
 * Sharing (discovery-and-site §5, §7 share analytics; decision 0049): the share panel's targets,
 * the spec's URL rules, and what a shared page shows when its link is pasted somewhere.
 */
export const SHARE_TARGETS = ['facebook', 'x', 'whatsapp', 'reddit', 'email', 'copy'] as const;
export type ShareTarget = (typeof SHARE_TARGETS)[number];

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
