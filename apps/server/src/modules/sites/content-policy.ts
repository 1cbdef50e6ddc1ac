import { z } from 'zod';
import type { TabsTable } from '../../db/schema';
import type { SiteSources } from '../../plugins/security-headers';
import type { Site } from './sites.repository';

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
  site: Pick<Site, 'ads' | 'heartbeat' | 'frameAncestors'>,
  tabs: Pick<TabsTable, 'kind' | 'config'>[],
): SiteSources {
  const { ads } = site;
  const adsOn = ads.enabled && ads.status === 'approved';
  const tag = adsOn ? [ads.url] : [];
  // Banners are asked by our server (decision 0063); the markup's images load in the page's frame.
  const banner = adsOn ? [ads.banners.url, ads.banners.fallback] : [];
  const creatives = adsOn ? ads.creatives.map((c) => c.mediaUrl) : [];
  const iframes = tabs
    .filter((t) => t.kind === 'iframe')
    .map((t) => (parseJson(t.config) as { url?: unknown } | undefined)?.url);
  // An outside ad server's VAST is usually a wrapper that redirects to other ad servers and serves
  // media from their CDNs, unknown in advance: its tag opens XML fetches and media to any https
  // host (scripts stay 'self'; images are open to https already). A tag on our own server does not.
  const anyAdHost = originOf(tag[0]) !== null ? ['https:'] : [];
  return {
    connect: [...anyAdHost, ...uniqueOrigins([...tag, site.heartbeat.url])],
    media: [...anyAdHost, ...uniqueOrigins([...tag, ...creatives])],
    img: uniqueOrigins([...tag, ...banner]),
    frame: uniqueOrigins(iframes),
    frameAncestors: site.frameAncestors,
  };
}

type ProviderHosts = { domain: string } & Partial<Record<'script' | 'frame' | 'connect' | 'media', string[]>>;

/**
 * What the provider player APIs (the source map; decision 0059) load besides their script: YouTube's
 * API script pulls its widget script from www.youtube.com and draws the video in an iframe there;
 * Dailymotion's draws an iframe from geo.dailymotion.com; JW Player's library loads its modules from
 * ssl.p.jwpcdn.com and plays playlists and media from its CDN in our page.
 */
const PROVIDER_HOSTS: Record<'yt' | 'dm' | 'jw', ProviderHosts> = {
  yt: {
    domain: 'youtube.com',
    script: ['https://www.youtube.com'],
    frame: ['https://www.youtube.com', 'https://www.youtube-nocookie.com'],
  },
  dm: { domain: 'dailymotion.com', frame: ['https://geo.dailymotion.com'] },
  jw: {
    domain: 'jwplayer.com',
    script: ['https://ssl.p.jwpcdn.com'],
    connect: ['https://cdn.jwplayer.com', 'https://content.jwplatform.com', 'https://ssl.p.jwpcdn.com'],
    media: ['https://cdn.jwplayer.com', 'https://content.jwplatform.com'],
  },
};

const onDomain = (origin: string, domain: string) => {
  const host = new URL(origin).hostname;
  return host === domain || host.endsWith(`.${domain}`);
};

/**
 * A site's sources with the configured provider player scripts added: the script's origin, and what
 * the provider's API loads next when the script is the provider's own (a stand-in elsewhere adds only
 * its origin; a script on our own origin, a relative URL, adds nothing).
 */
export function withPlayerSources(
  sources: SiteSources,
  scripts: Partial<Record<'yt' | 'dm' | 'jw', string>>,
): SiteSources {
  const add = {
    script: [] as string[],
    frame: [] as string[],
    connect: [] as string[],
    media: [] as string[],
  };
  for (const [source, url] of Object.entries(scripts) as ['yt' | 'dm' | 'jw', string | undefined][]) {
    const origin = originOf(url);
    if (!origin) continue;
    add.script.push(origin);
    const hosts = PROVIDER_HOSTS[source];
    if (!onDomain(origin, hosts.domain)) continue;
    for (const kind of ['script', 'frame', 'connect', 'media'] as const)
      add[kind].push(...(hosts[kind] ?? []));
  }
  const merged = (mine: string[] | undefined, more: string[]) => [...new Set([...(mine ?? []), ...more])];
  return {
    ...sources,
    script: merged(sources.script, add.script),
    frame: merged(sources.frame, add.frame),
    connect: merged(sources.connect, add.connect),
    media: merged(sources.media, add.media),
  };
}
