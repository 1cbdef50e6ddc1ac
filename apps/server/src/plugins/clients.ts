import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  canonicalOfPath,
  matchWatchPath,
  parseWatchFlags,
  themeVariables,
  type ThemeLike,
} from '@marquee/domain';
import { EncodedBody } from './compression';
import { pageContentPolicy, setPagePolicy, type Framing, type SiteSources } from './security-headers';
import { escapeHtml } from './html';

const API_PATH = /^\/(v\d|api|media|live|healthz|readyz|metrics)(\/|$)/;

/** A built page is kept this long per site and path (its data is the catalog's, cached as long). */
const PAGE_TTL_MS = 5_000;
const PAGE_CACHE_MAX = 500;

/** What a page shows of its site (the sites module's parsed `Site` has these and more). */
type PageSite = { uid: string; name: string; theme: ThemeLike | null };

/** What a page needs of the sites module (app.ts passes it in): plugins import no module. */
type PageSites<S extends PageSite> = {
  /** The request's site (app.ts: `request.site()`). */
  resolve(request: FastifyRequest): Promise<S>;
  sources(site: S): Promise<SiteSources>;
};

/** A web page's first data, as the sites module's `pageBootstrap` builds it. */
type PageBootstrap = {
  config: unknown;
  discover?: unknown;
  leadImage?: { src: string; srcSet?: string };
};

/** What a pasted link of a page previews (the sharing module's `preview`). */
type LinkPreview = { title: string; description: string; image: string | null; type: string };

export type ClientPages<S extends PageSite> = {
  sites: PageSites<S>;
  /** A title's page (watch, movie, series, gif) previews its title, text and image when shared. */
  preview?: (site: S, path: string) => Promise<LinkPreview | null>;
  /** The web page's first data (site config, landing rows), inlined so it needs no round trip. */
  bootstrap?: (site: S, path: string) => Promise<PageBootstrap | null>;
};

/**
 * The built web app at / and the TV app at /tvn/. Hashed assets are sent pre-compressed and cached
 * for a year; every client route gets the app's index.html branded for the request's site (see
 * `brandIndexHtml`), so one build serves every site and each paints in its own brand at once. Web
 * pages also carry their first data (`bootstrap`).
 */
export function serveClients<S extends PageSite>(
  app: FastifyInstance,
  appsDir: string,
  { sites, bootstrap, preview }: ClientPages<S>,
) {
  const clientStatic = {
    decorateReply: false,
    // index.html is never sent as a file: it is branded per site by the fallback below.
    index: false as const,
    // Wildcard: files written by a rebuild while the server runs are served too (no stale 404s).
    wildcard: true,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (res: { setHeader: (name: string, value: string) => void }, path: string) => {
      const hashed = /[\\/]assets[\\/]/.test(path);
      res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  };
  const web = join(appsDir, 'web/dist');
  const tv = join(appsDir, 'tv/dist');
  if (existsSync(tv)) app.register(fastifyStatic, { root: tv, prefix: '/tvn/', ...clientStatic });
  if (existsSync(web)) app.register(fastifyStatic, { root: web, prefix: '/', ...clientStatic });

  const templates = {
    web: indexTemplate(join(web, 'index.html')),
    tv: indexTemplate(join(tv, 'index.html')),
  };
  const pages = new Map<string, { at: number; page: BrandedPage }>();
  const buildPage = async (
    template: { mtimeMs: number; html: string },
    site: S | null,
    path: string,
    tv: boolean,
    origin: string,
  ): Promise<BrandedPage> => {
    if (!site) return { body: new EncodedBody(Buffer.from(template.html)), sources: NO_SOURCES };
    const key = `${tv ? 'tv' : 'web'}\n${site.uid}\n${origin}${path}\n${template.mtimeMs}`;
    const hit = pages.get(key);
    if (hit && Date.now() - hit.at < PAGE_TTL_MS) return hit.page;
    const [data, sources, shared] = await Promise.all([
      !tv && bootstrap ? bootstrap(site, path) : null,
      sites.sources(site).catch(() => NO_SOURCES),
      !tv && preview ? preview(site, path).catch(() => null) : null,
    ]);
    const links = tv ? '' : watchHeadLinks(origin, path) + previewTags(origin, site.name, path, shared);
    // Compressed once per encoding for as long as the page is cached, not once per response.
    const page = {
      body: new EncodedBody(Buffer.from(brandIndexHtml(template.html, site, data, links))),
      sources,
    };
    pages.delete(key);
    pages.set(key, { at: Date.now(), page });
    if (pages.size > PAGE_CACHE_MAX) pages.delete(pages.keys().next().value as string);
    return page;
  };
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply, path: string) => {
    const tv = path.startsWith('/tvn');
    const template = templates[tv ? 'tv' : 'web']();
    if (template === null) return false;
    const origin = `${request.protocol}://${request.host}`;
    const page = await buildPage(template, await siteOf(sites, request), path, tv, origin);
    const framing: Framing = !tv && isEmbedRoute(request.url) ? 'embed' : 'none';
    setPagePolicy(reply, pageContentPolicy(page.sources, framing), framing === 'embed');
    const { bytes, encoding } = page.body.for(request.headers['accept-encoding']);
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding');
    if (encoding) reply.header('content-encoding', encoding);
    await reply.send(bytes);
    return true;
  };
  // The apps' roots are folders to the static handler; to a viewer they are pages.
  for (const root of ['/', '/tvn', '/tvn/'])
    app.get(root, { schema: { hide: true } }, async (request, reply) => {
      if (!(await sendIndex(request, reply, root))) return reply.callNotFound();
      return reply;
    });
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0]!;
    const isPage = request.method === 'GET' && !API_PATH.test(path) && !/\.[a-z0-9]+$/i.test(path);
    if (isPage && (await sendIndex(request, reply, path))) return reply;
    return reply
      .status(404)
      .send({ error: { code: 'notFound', message: `Route ${request.method} ${path} not found` } });
  });
}

/** A branded page, ready to send, with the outside hosts its site's policy allows. */
type BrandedPage = { body: EncodedBody; sources: SiteSources };

/** A page of no known site reaches nothing outside our origin. */
const NO_SOURCES: SiteSources = { connect: [], media: [], img: [], frame: [], frameAncestors: null };

/**
 * Whether a page URL is an embed (decision 0028): a watch route with the `embed` flag, or one of its
 * `/embed/{overlay}` variants. Only these may be framed by other sites; checkout, account and every
 * other page may not.
 */
export function isEmbedRoute(url: string): boolean {
  const [rawPath = '', query = ''] = url.split('?', 2);
  const overlay = /\/embed\/[^/]+\/?$/.exec(rawPath);
  const path = overlay ? rawPath.slice(0, overlay.index) : rawPath;
  if (!matchWatchPath(path)) return false;
  return overlay !== null || parseWatchFlags(query).embed;
}

/** The request's site, or null when it names none that exists (the page then falls back to ?__site). */
async function siteOf<S extends PageSite>(sites: PageSites<S>, request: FastifyRequest): Promise<S | null> {
  try {
    return await sites.resolve(request);
  } catch {
    return null;
  }
}

/** index.html as built, re-read only when a rebuild changes it. Null while the client is not built. */
function indexTemplate(file: string): () => { mtimeMs: number; html: string } | null {
  let cached: { mtimeMs: number; html: string } | undefined;
  return () => {
    if (!existsSync(file)) return null;
    const { mtimeMs } = statSync(file);
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, html: readFileSync(file, 'utf8') };
    return cached;
  };
}

/** JSON safe inside a <script> element: nothing in it can close the element or start a comment. */
const jsonForScript = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** Theme values are operator input: only what a colour or font stack needs may reach the <style>. */
const SAFE_CSS_VALUE = /^[#\w\s,.'"()%+-]{1,200}$/;

/**
 * The site's index.html: its uid in `<meta name="marquee-site">` (the clients' site), its name as
 * the title, and its theme colours and font as CSS variables on :root, so the first paint is
 * already in the site's brand. The client applies the same variables again from the site config.
 */
export function brandIndexHtml(
  html: string,
  site: PageSite,
  bootstrap: PageBootstrap | null = null,
  extraHead = '',
): string {
  let vars = '';
  let themeColor: string | undefined;
  const { theme } = site;
  try {
    themeColor = theme?.colors?.background;
    if (theme)
      vars = Object.entries(themeVariables(theme))
        .filter(([, value]) => SAFE_CSS_VALUE.test(value))
        .map(([name, value]) => `${name}:${value}`)
        .join(';');
  } catch {
    // A theme without its colours leaves the built-in defaults; the site still loads.
  }
  const lead = bootstrap?.leadImage;
  const head = [
    `<meta name="marquee-site" content="${escapeHtml(site.uid)}" />`,
    vars ? `<style id="marquee-theme">:root{${vars}}</style>` : '',
    // The largest thing on the landing starts downloading with the scripts, not after them.
    lead
      ? `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(lead.src)}"${
          lead.srcSet ? ` imagesrcset="${escapeHtml(lead.srcSet)}" imagesizes="100vw"` : ''
        } />`
      : '',
    bootstrap
      ? `<script id="marquee-bootstrap" type="application/json">${jsonForScript({
          config: bootstrap.config,
          discover: bootstrap.discover,
        })}</script>`
      : '',
    extraHead,
  ].join('');
  let out = html.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(site.name)}</title>`);
  if (themeColor && SAFE_CSS_VALUE.test(themeColor))
    out = out.replace(
      /<meta name="theme-color" content="[^"]*"/,
      `<meta name="theme-color" content="${escapeHtml(themeColor)}"`,
    );
  return out.replace('</head>', `${head}</head>`);
}

/**
 * Open Graph and Twitter card tags, so a pasted link of a title's page shows its title, text and
 * image (decision 0049). Empty for other pages. Relative image URLs are made absolute.
 */
export function previewTags(
  origin: string,
  siteName: string,
  path: string,
  preview: LinkPreview | null,
): string {
  if (!preview) return '';
  const abs = (url: string) =>
    /^https?:\/\//i.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`;
  const description = preview.description.slice(0, 300);
  const tags: [string, string, string][] = [
    ['property', 'og:site_name', siteName],
    ['property', 'og:type', preview.type],
    ['property', 'og:title', preview.title],
    ['property', 'og:description', description],
    ['property', 'og:url', `${origin}${path}`],
    ['name', 'twitter:card', preview.image ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', preview.title],
    ['name', 'twitter:description', description],
  ];
  if (preview.image)
    tags.push(['property', 'og:image', abs(preview.image)], ['name', 'twitter:image', abs(preview.image)]);
  return tags
    .map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" data-marquee-head />`)
    .join('');
}

/**
 * A watch page's canonical URL and oEmbed discovery link (playback-and-social §2.2, decision 0028),
 * so crawlers and oEmbed consumers see them without running the app. Empty for other pages.
 */
export function watchHeadLinks(origin: string, path: string): string {
  const canonical = canonicalOfPath(path);
  if (!canonical) return '';
  const oembed = `${origin}/oembed?${new URLSearchParams({ url: `${origin}${path}`, format: 'json' })}`;
  return (
    `<link rel="canonical" href="${escapeHtml(origin + canonical)}" data-marquee-head />` +
    `<link rel="alternate" type="application/json+oembed" href="${escapeHtml(oembed)}" data-marquee-head />`
  );
}
