/**
 * Legacy redirects (discovery-and-site §2.11): "Old paths /channel-details/, /deep-links/ (channels,
 * epg), /recent-details, /recommended-details, /playlist/, /channel/, /account/, /category/,
 * /packages, /page/, /secure/ are redirected. [...] Unknown or empty slugs go home."
 * A pure mapping from an old path (and query) to a new path in the app or an external URL.
 */

/** A show or archive slug's series (main.series {seriesUid, channelId}). */
export type LegacySeriesTarget = { seriesUid: string; channelId: string };

/** What the redirect needs from the site: where its pages are, and the brand's slug table. */
export type LegacyRedirectContext = {
  /** The iframe page (devices, how-to-watch-2, faq), else null. */
  iframeHref: string | null;
  /** The about page (about, terms-of-service, privacy-policy), else null. */
  aboutHref: string | null;
  /** The EPG page for /deep-links/epg, with ?channel added here; else null. */
  epgHref: string | null;
  /** The external signup site for offer and packages links, else null. */
  signupUrl: string | null;
  /** Old show and archive slugs → series. */
  seriesSlugs: Readonly<Record<string, LegacySeriesTarget>>;
};

export type LegacyRedirect = { kind: 'internal'; to: string } | { kind: 'external'; url: string };

/** The legacy path prefixes this mapping owns (first segment). */
export const LEGACY_PREFIXES = [
  'channel-details',
  'deep-links',
  'recent-details',
  'recommended-details',
  'playlist',
  'channel',
  'account',
  'category',
  'packages',
  'page',
  'secure',
] as const;

/** The query parameters a legacy login link carries on to /login. */
export const LEGACY_LOGIN_PARAMS = ['odrc', 'pid', 'hostId', 'videoUid', 'channel'] as const;

const HOME: LegacyRedirect = { kind: 'internal', to: '/' };
const enc = encodeURIComponent;
const internal = (to: string): LegacyRedirect => ({ kind: 'internal', to });
const channelDetails = (id: string | undefined) =>
  id ? internal(`/channels/details/${enc(id.toLowerCase())}`) : HOME;

/** Slug rules shared by /page/{slug} and /secure/{slug}. */
function slugRedirect(
  slug: string,
  rest: string[],
  query: URLSearchParams,
  ctx: LegacyRedirectContext,
): LegacyRedirect {
  const key = slug.toLowerCase();
  // /page/show/{slug} and /page/archive/{slug} as well as a bare /page/{slug} from the brand's table.
  const showSlug = key === 'show' || key === 'archive' ? rest[0]?.toLowerCase() : key;
  const series = showSlug ? ctx.seriesSlugs[showSlug] : undefined;
  if (series) return internal(`/series/${enc(series.seriesUid)}?channel=${enc(series.channelId)}`);
  switch (key) {
    case 'devices':
    case 'how-to-watch-2':
    case 'faq':
      return ctx.iframeHref ? internal(ctx.iframeHref) : HOME;
    case 'about':
    case 'terms-of-service':
    case 'privacy-policy':
      return ctx.aboutHref ? internal(ctx.aboutHref) : HOME;
    case 'subscription':
    case 'subscriptions':
    case 'subscribe':
      return internal('/subscribe');
    case 'password-reset':
    case 'reset-password':
    case 'forgot-password':
      return internal('/forgot-pw');
    case 'login': {
      const kept = new URLSearchParams();
      for (const name of LEGACY_LOGIN_PARAMS) {
        const v = query.get(name);
        if (v) kept.set(name, v);
      }
      const qs = kept.toString();
      return internal(`/login${qs ? `?${qs}` : ''}`);
    }
    case 'offer':
    case 'offers':
    case 'packages':
      return ctx.signupUrl ? { kind: 'external', url: ctx.signupUrl } : HOME;
    default:
      return HOME;
  }
}

/**
 * Where an old path goes, or null when the path is not a legacy one (the app handles it).
 * `/channel/{channelId}/{videoUid}` is today's watch route, so only a one-segment /channel/ is legacy.
 */
export function legacyRedirect(
  pathname: string,
  search: string,
  ctx: LegacyRedirectContext,
): LegacyRedirect | null {
  const segments = pathname
    .split('/')
    .filter(Boolean)
    .map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    });
  const [prefix, ...rest] = segments;
  if (!prefix || !(LEGACY_PREFIXES as readonly string[]).includes(prefix)) return null;
  const query = new URLSearchParams(search);
  switch (prefix) {
    case 'channel-details':
    case 'playlist':
    case 'category':
      return channelDetails(rest[0]);
    case 'channel':
      return rest.length === 1 ? channelDetails(rest[0]) : rest.length === 0 ? HOME : null;
    case 'recent-details':
      return internal('/channels/details/recent');
    case 'recommended-details':
      return internal('/channels/details/recommended');
    case 'deep-links': {
      const [kind, id] = rest;
      if (kind === 'channels') return channelDetails(id);
      if (kind === 'epg') {
        if (!ctx.epgHref) return HOME;
        const channel = id ?? query.get('channel');
        return internal(channel ? `${ctx.epgHref}?channel=${enc(channel)}` : ctx.epgHref);
      }
      return HOME;
    }
    case 'account':
      return internal('/profile-info');
    case 'packages':
      return ctx.signupUrl ? { kind: 'external', url: ctx.signupUrl } : HOME;
    case 'page':
    case 'secure':
      return rest[0] ? slugRedirect(rest[0], rest.slice(1), query, ctx) : HOME;
  }
  return HOME;
}
