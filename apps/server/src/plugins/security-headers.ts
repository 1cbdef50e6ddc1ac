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
