import {
  AnalyticsAccepted,
  AnalyticsBatchBody,
  AnalyticsEventBodies,
  AnalyticsKindParams,
  AnalyticsSummary,
  AnalyticsSummaryQuery,
  ClientQuery,
  ErrorResponse,
  SiteParams,
  type AnalyticsEvent,
} from '@marquee/contract';
import { ANALYTICS_KINDS, type AnalyticsKind } from '@marquee/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { requireUser } from '../../plugins/auth';
import { AppError } from '../../plugins/errors';
import { pascal, security } from '../../plugins/openapi';

const tags = ['analytics'];
/** An event is a few hundred bytes; a batch of 50 stays far below this. */
const BODY_LIMIT = 64 * 1024;
const accepted = {
  202: AnalyticsAccepted,
  400: ErrorResponse,
  404: ErrorResponse,
  503: ErrorResponse.describe('analyticsBusy: the server is not keeping up; Retry-After gives the seconds'),
};

const summaries: Record<AnalyticsKind, string> = {
  video: 'Records a video event: an ad impression or load, the 80 % mark, the end, or a skip',
  watch: 'Records the watch time of a video, sent when playback stops',
  liveChannel: 'Records a live channel view or skip',
  liveChannelWatch: 'Records the watch time of a live channel',
  page: 'Records a page view',
  share: 'Records a share',
  smartBanner: 'Records a smart (app) banner event',
};

/** Analytics events and the admins' summary (discovery-and-site §7 Analytics; decision 0021). */
export const analyticsRoutes =
  (ctx: Pick<AppContext, 'analytics'>): FastifyPluginAsyncZod =>
  async (app) => {
    const origin = (req: FastifyRequest) => ({
      user: req.user,
      source: (req.query as { __source?: string }).__source,
    });

    for (const kind of ANALYTICS_KINDS) {
      app.post(
        `/v2/sites/:site/analytics/${kind}`,
        {
          bodyLimit: BODY_LIMIT,
          schema: {
            operationId: `record${pascal(kind)}Event`,
            security: security.optionalUser,
            tags,
            summary: `${summaries[kind]}. Anonymous or signed in; 202 before the batched write`,
            params: SiteParams,
            querystring: ClientQuery,
            body: AnalyticsEventBodies[kind],
            response: accepted,
          },
        },
        async (req, reply) =>
          reply
            .status(202)
            .send(
              await ctx.analytics.record(
                (await req.site()).uid,
                [{ ...req.body, kind } as AnalyticsEvent],
                origin(req),
              ),
            ),
      );
    }

    app.post(
      '/v2/sites/:site/analytics/batch',
      {
        bodyLimit: BODY_LIMIT,
        schema: {
          operationId: 'recordEventBatch',
          security: security.optionalUser,
          tags,
          summary: 'Records up to 50 queued events of any kinds at once ({ events: [{ kind, …body }] })',
          params: SiteParams,
          querystring: ClientQuery,
          body: AnalyticsBatchBody,
          response: accepted,
        },
      },
      async (req, reply) =>
        reply
          .status(202)
          .send(await ctx.analytics.record((await req.site()).uid, req.body.events, origin(req))),
    );

    // Any other kind is a 404 naming it (the static paths above take precedence).
    app.post(
      '/v2/sites/:site/analytics/:kind',
      { bodyLimit: BODY_LIMIT, schema: { hide: true, params: AnalyticsKindParams } },
      async (req) => {
        throw new AppError(404, 'notFound', `Analytics kind '${req.params.kind}' not found`, 'kind');
      },
    );

    app.get(
      '/v2/sites/:site/analytics/summary',
      {
        schema: {
          operationId: 'getAnalyticsSummary',
          security: security.admin,
          tags: ['admin'],
          summary:
            "Counts per kind and seconds watched between from and to (default: the last 30 days); the site's admins",
          params: SiteParams,
          querystring: AnalyticsSummaryQuery,
          response: {
            200: AnalyticsSummary,
            400: ErrorResponse,
            401: ErrorResponse,
            403: ErrorResponse,
            404: ErrorResponse,
          },
        },
      },
      async (req) => {
        const user = requireUser(req);
        return ctx.analytics.summary((await req.site()).uid, user, req.query);
      },
    );
  };
