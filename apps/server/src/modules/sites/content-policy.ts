import { z } from 'zod';
import type { SitesTable, TabsTable } from '../../db/schema';
import { storedAdSettings } from './ad-settings';

/**
 * The outside origins a site's pages may reach, from the integrations the site has configured
 * (decision 0039): nothing beyond our own origin unless a setting names a host.
 */
export type SiteSources = {
  /** fetch/XHR: the VAST ad tag, the banner ad server, the heartbeat endpoint. */
  connect: string[];
  /** Video and audio: the ad tag's host and the creatives' external media. */
  media: string[];
  /** Tracking pixels and banner images: the ad hosts. */
  img: string[];
  /** Iframe tabs' pages. */
  frame: string[];
  /**
   * Who may frame the site's embed routes: null for anyone (oEmbed's promise); a list when the
   * operator set `sites.embed.frameAncestors`.
   */
  frameAncestors: string[] | null;
};

/** The origin of an absolute http(s) URL; null for relative URLs (our own origin) and anything else. */
function originOf(url: unknown): string | null {
  if (typeof url !== 'string' || !/^https?:\/\//i.test(url)) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

const uniqueOrigins = (urls: unknown[]) => [
  ...new Set(urls.map(originOf).filter((o): o is string => o !== null)),
];

const parseJson = (text: string | undefined): unknown => {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
};

const Origin = z.string().regex(/^https?:\/\/[^/\s;,']+$/, 'must be an origin (scheme://host[:port])');
const FrameAncestors = z.object({ frameAncestors: z.array(Origin).max(100).optional() });

/**
 * The embed-domain allow-list (`sites.embed.frameAncestors`, its own setting beside the ad-partner
 * `allowedOrigins` of §2.12): absent → null (any site may frame an embed); a malformed value → []
 * (only our own origin), so a typo never opens what the operator meant to close.
 */
export function embedFrameAncestors(raw: string | undefined): string[] | null {
  const parsed = FrameAncestors.safeParse(parseJson(raw) ?? {});
  if (!parsed.success) return [];
  return parsed.data.frameAncestors ?? null;
}

/** The site's outside sources: ads only while they run (enabled and approved), the rest as configured. */
export function siteSources(
  site: Pick<SitesTable, 'ads' | 'heartbeat' | 'embed'>,
  tabs: Pick<TabsTable, 'kind' | 'config'>[],
): SiteSources {
  const ads = storedAdSettings(site.ads);
  const adsOn = ads.enabled && ads.status === 'approved';
  const tag = adsOn ? [ads.url] : [];
  const banner = adsOn ? [ads.banners.url] : [];
  const creatives = adsOn ? ads.creatives.map((c) => c.mediaUrl) : [];
  const heartbeat = (parseJson(site.heartbeat) as { url?: unknown } | undefined)?.url;
  const iframes = tabs
    .filter((t) => t.kind === 'iframe')
    .map((t) => (parseJson(t.config) as { url?: unknown } | undefined)?.url);
  return {
    connect: uniqueOrigins([...tag, ...banner, heartbeat]),
    media: uniqueOrigins([...tag, ...creatives]),
    img: uniqueOrigins([...tag, ...banner]),
    frame: uniqueOrigins(iframes),
    frameAncestors: embedFrameAncestors(site.embed),
  };
}

/** Which framing a page allows: none (every page but embeds), or an embed's. */
export type Framing = 'none' | 'embed';

/**
 * The Content-Security-Policy of a web or TV page: scripts only from our origin or with this
 * response's nonce (never inline otherwise, never eval); media and API on our origin, with `blob:`
 * for hls.js (MediaSource and its worker); outside hosts only as the site's integrations need.
 * Styles allow inline: the branded theme `<style>` and the captcha widget's injected styles.
 */
export function pageContentPolicy(sources: SiteSources, nonce: string, framing: Framing): string {
  const list = (...items: string[]) => items.join(' ');
  const ancestors =
    framing === 'none'
      ? "'none'"
      : sources.frameAncestors === null
        ? '*'
        : list("'self'", ...sources.frameAncestors);
  const directives: [string, string][] = [
    ['default-src', "'self'"],
    ['script-src', list("'self'", `'nonce-${nonce}'`)],
    ['script-src-attr', "'none'"],
    ['style-src', list("'self'", "'unsafe-inline'")],
    ['img-src', list("'self'", 'data:', 'blob:', 'https:', ...sources.img)],
    ['media-src', list("'self'", 'blob:', ...sources.media)],
    ['connect-src', list("'self'", ...sources.connect)],
    ['worker-src', list("'self'", 'blob:')],
    ['frame-src', list("'self'", ...sources.frame)],
    ['font-src', list("'self'", 'data:')],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', ancestors],
  ];
  return directives.map(([name, value]) => `${name} ${value}`).join('; ');
}
