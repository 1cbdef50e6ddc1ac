import {
  CreateReportBody,
  ModerationItemParams,
  ModerationResult,
  Report,
  ReportedItemPage,
  ReportsQuery,
  SiteParams,
  ClientQuery,
} from '@marquee/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { requireUser } from '../../plugins/auth';
import { errorResponses, security } from '../../plugins/openapi';

const ACTIONS = {
  hide: {
    operationId: 'hideReportedItem',
    summary: 'Hides the moment or gif for everyone but staff, and closes its reports',
  },
  unhide: {
    operationId: 'unhideReportedItem',
    summary: 'Shows a hidden moment or gif again (409 when it is not hidden)',
  },
  dismiss: {
    operationId: 'dismissReports',
    summary: "Closes the item's open reports and leaves it shown (404 when none)",
  },
} as const;

/** Reports of viewers' moments and gifs, and staff moderation (decision 0054). */
export const reportsRoutes =
  (ctx: Pick<AppContext, 'reports'>): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['moderation'];
    // Every call needs a signed-in user: a 401 comes before any 400 about the request.
    app.addHook('preValidation', async (req) => {
      requireUser(req);
    });

    app.post(
      '/v2/sites/:site/reports',
      {
        schema: {
          operationId: 'reportItem',
          security: security.user,
          tags,
          summary:
            'Reports a moment or a gif (spam, abuse, spoiler or other, with a note); once per viewer and item',
          params: SiteParams,
          querystring: ClientQuery,
          body: CreateReportBody,
          response: { 201: Report, ...errorResponses(400, 401, 403, 404, 409, 429) },
        },
      },
      async (req, reply) => {
        const user = requireUser(req);
        return reply.status(201).send(await ctx.reports.report(await req.site(), user, req.body));
      },
    );

    app.get(
      '/v2/sites/:site/moderation/reports',
      {
        schema: {
          operationId: 'listReportedItems',
          security: security.user,
          tags,
          summary:
            "The site's reported items with their open reports counted, the most recently reported first (staff)",
          params: SiteParams,
          querystring: ReportsQuery,
          response: { 200: ReportedItemPage, ...errorResponses(400, 401, 403) },
        },
      },
      async (req) => {
        const user = requireUser(req);
        return ctx.reports.list(await req.site(), user, req.query);
      },
    );

    for (const [action, doc] of Object.entries(ACTIONS) as [
      keyof typeof ACTIONS,
      (typeof ACTIONS)[keyof typeof ACTIONS],
    ][]) {
      app.post(
        `/v2/sites/:site/moderation/:kind/:itemId/${action}`,
        {
          schema: {
            ...doc,
            security: security.user,
            tags,
            params: ModerationItemParams,
            querystring: ClientQuery,
            response: { 200: ModerationResult, ...errorResponses(400, 401, 403, 404, 409) },
          },
        },
        async (req) => {
          const user = requireUser(req);
          const { kind, itemId } = req.params;
          return ctx.reports[action](await req.site(), user, kind, itemId);
        },
      );
    }
  };
