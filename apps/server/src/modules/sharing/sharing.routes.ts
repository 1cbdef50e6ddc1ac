import {
  ClientQuery,
  ErrorResponse,
  FacebookScrape,
  ReadableShortLinkParams,
  ScrapeFacebookBody,
  ShortLinkParams,
  ShortLinks,
  ShortLinksBody,
  ShortLinkStats,
  ShortLinkStatsParams,
  SiteParams,
} from '@marquee/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireUser } from '../../plugins/auth';
import { security } from '../../plugins/openapi';

/** Short links (decision 0049): made by anyone who shares, followed by anyone, counted. */
export const sharingRoutes =
  (ctx: Pick<AppContext, 'sharing'>): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['sharing'];

    app.post(
      '/api/scrape/facebook',
      {
        // A 401 comes before any 400 about the request.
        preValidation: async (req) => void requireUser(req),
        schema: {
          operationId: 'scrapeFacebook',
          security: security.user,
          tags,
          summary:
            'Asks Facebook to scrape a page of the site again (its Open Graph tags), so new shares show it as it is now; a signed-in user of the site (__site or the host)',
          querystring: ClientQuery,
          body: ScrapeFacebookBody,
          response: {
            200: FacebookScrape,
            400: ErrorResponse,
            401: ErrorResponse,
            403: ErrorResponse.describe('wrongSite: the account belongs to another site'),
            404: ErrorResponse,
            502: ErrorResponse.describe('facebookScrapeFailed: Facebook refused the call or did not answer'),
            503: ErrorResponse.describe('facebookScrapeOff: no Facebook app token is configured'),
          },
        },
      },
      async (req) => ctx.sharing.scrapeFacebook(await req.site(), requireUser(req), req.body.url, req.host),
    );

    app.post(
      '/v2/sites/:site/short-links',
      {
        schema: {
          operationId: 'createShortLinks',
          security: security.optionalUser,
          tags,
          summary:
            'A short link /s/{code} to a path of the site for each share target, the same ones every time',
          params: SiteParams,
          querystring: ClientQuery,
          body: ShortLinksBody,
          response: { 200: ShortLinks, 400: ErrorResponse, 404: ErrorResponse, 429: ErrorResponse },
        },
      },
      async (req) => ctx.sharing.links((await req.site()).uid, req.body.path),
    );

    app.get(
      '/v2/sites/:site/short-links/:code',
      {
        // A 401 comes before any 400 about the request.
        preValidation: async (req) => void requireUser(req),
        schema: {
          operationId: 'getShortLinkStats',
          security: security.admin,
          tags: ['admin'],
          summary: "A short link's path, target and how often it was followed; the site's admins",
          params: ShortLinkStatsParams,
          querystring: ClientQuery,
          response: {
            200: ShortLinkStats,
            400: ErrorResponse,
            401: ErrorResponse,
            403: ErrorResponse,
            404: ErrorResponse,
          },
        },
      },
      async (req) => ctx.sharing.stats((await req.site()).uid, requireUser(req), req.params.code),
    );

    app.get(
      '/s/:code',
      {
        schema: {
          operationId: 'followShortLink',
          security: security.public,
          tags,
          summary: "Follows a short link of the request's site: 302 to its path (counted); 404 unknown",
          params: ShortLinkParams,
          response: {
            302: z.null().describe('To the path, on the same host'),
            400: ErrorResponse,
            404: ErrorResponse,
          },
        },
      },
      async (req, reply) =>
        redirectUncached(reply, await ctx.sharing.follow((await req.site()).uid, req.params.code)),
    );

    app.get(
      '/s/:code/:slug',
      {
        schema: {
          operationId: 'followReadableShortLink',
          security: security.public,
          tags,
          summary:
            "Follows a short link with its title's readable URL after it (ignored): 302 to its path (counted); 404 unknown, or a tail that is not a readable slug",
          params: ReadableShortLinkParams,
          response: {
            302: z.null().describe('To the path, on the same host'),
            400: ErrorResponse,
            404: ErrorResponse,
          },
        },
      },
      async (req, reply) => {
        const { code, slug } = req.params;
        return redirectUncached(reply, await ctx.sharing.follow((await req.site()).uid, code, slug));
      },
    );
  };

/** A short link's answer: 302 to its path, never cached, so that every follow is counted. */
function redirectUncached(reply: FastifyReply, path: string) {
  return reply.header('cache-control', 'no-store').redirect(path, 302);
}
