import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** API answers, media and files are never documents to run or frame: nothing may load from them. */
const API_DIRECTIVES = {
  'default-src': ["'none'"],
  'frame-ancestors': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
};

/** The API docs page (Swagger UI): its own scripts and styles, never framed. */
const DOCS_DIRECTIVES = {
  'default-src': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'style-src': ["'self'", "'unsafe-inline'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** A year; sent only on requests that came over TLS (see registerSecurityHeaders). */
const HSTS = 'max-age=31536000';

/**
 * Security headers on every answer (decision 0039), with @fastify/helmet: a deny-all
 * Content-Security-Policy and `X-Frame-Options: DENY` for API answers (pages replace both with
 * `setPagePolicy`), `nosniff`, `Referrer-Policy: strict-origin-when-cross-origin`, and HSTS only
 * when the request came over TLS, which behind a proxy means TRUST_PROXY is on and the proxy said
 * `X-Forwarded-Proto: https` (a plain-HTTP deployment must never be told to insist on HTTPS).
 * Resources stay loadable cross-origin (thumbnails in oEmbed consumers): CORS still guards the API.
 */
export async function registerSecurityHeaders(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/docs'))
      route.config = {
        ...route.config,
        helmet: { contentSecurityPolicy: { useDefaults: false, directives: DOCS_DIRECTIVES } },
      } as typeof route.config;
  });
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: API_DIRECTIVES },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', async (request, reply) => {
    // request.protocol reads X-Forwarded-Proto only when trustProxy is on.
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
}

/**
 * A page's own policy in place of the API one. A framable page (an embed) drops
 * `X-Frame-Options`: its `frame-ancestors` alone says who may frame it.
 */
export function setPagePolicy(reply: FastifyReply, policy: string, framable: boolean) {
  reply.header('content-security-policy', policy);
  if (framable) reply.raw.removeHeader('x-frame-options');
}

/**
 * The outside origins a site's pages may reach, from the integrations the site has configured
 * (decision 0039): nothing beyond our own origin unless a setting names a host.
 */
export type SiteSources = {
  /** Scripts: the provider player APIs the server is configured with (decision 0059); else none. */
  script?: string[];
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

/** Which framing a page allows: none (every page but embeds), or an embed's. */
export type Framing = 'none' | 'embed';

/**
 * The Content-Security-Policy of a web or TV page: scripts only from our origin (the built pages
 * have no inline code: the bootstrap is a JSON data block, never executed) and the configured
 * provider player APIs, never eval; media and
 * API on our origin, with `blob:` for hls.js (MediaSource and its worker); outside hosts only as
 * the site's integrations need. Styles allow inline: the branded theme `<style>` and the captcha
 * widget's injected styles.
 */
export function pageContentPolicy(sources: SiteSources, framing: Framing): string {
  const list = (...items: string[]) => items.join(' ');
  const ancestors =
    framing === 'none'
      ? "'none'"
      : sources.frameAncestors === null
        ? '*'
        : list("'self'", ...sources.frameAncestors);
  const directives: [string, string][] = [
    ['default-src', "'self'"],
    ['script-src', list("'self'", ...(sources.script ?? []))],
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
