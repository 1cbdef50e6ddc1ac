import {
  AnalyticsAccepted,
  AnalyticsBatchBody,
  AnalyticsEventBodies,
  AnalyticsKindParams,
  AnalyticsSummary,
  AnalyticsSummaryQuery,
  AppsflyerIdHeader,
  ClientQuery,
  ErrorResponse,
  FullscreenLogsBody,
  HeartbeatBatchBody,
  SiteParams,
  type AnalyticsEvent,
} from '@marquee/contract';
import { ANALYTICS_KINDS, type AnalyticsKind } from '@marquee/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { requireUser } from '../../plugins/auth';
import { AppError, badRequest, forbidden } from '../../plugins/errors';
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
    /** The token's user, `__source`, and the `appsflyer-id` header (400 naming it when malformed). */
    const origin = (req: FastifyRequest) => {
      const header = req.headers['appsflyer-id'];
      let appsflyerId: string | null = null;
      if (header !== undefined) {
        const parsed = AppsflyerIdHeader.safeParse(Array.isArray(header) ? header[0] : header);
        if (!parsed.success) throw badRequest('appsflyer-id', parsed.error.issues[0]!.message);
        appsflyerId = parsed.data;
      }
      return { user: req.user, source: (req.query as { __source?: string }).__source, appsflyerId };
    };

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

    app.post(
      '/v2/sites/:site/analytics/heartbeats',
      {
        bodyLimit: BODY_LIMIT,
        schema: {
          operationId: 'recordHeartbeatBatch',
          security: security.optionalUser,
          tags,
          summary:
            "Records up to 50 queued heartbeat beats ({ beats }: the heartbeat's payload each); batched heartbeat analytics, decision 0060",
          params: SiteParams,
          querystring: ClientQuery,
          body: HeartbeatBatchBody,
          response: accepted,
        },
      },
      async (req, reply) =>
        reply
          .status(202)
          .send(await ctx.analytics.recordHeartbeats((await req.site()).uid, req.body.beats, origin(req))),
    );

    app.post(
      '/v2/fullscreen-logs',
      {
        bodyLimit: BODY_LIMIT,
        schema: {
          operationId: 'recordFullscreenLogs',
          security: security.optionalUser,
          tags,
          summary:
            'Records the player’s fullscreen log (an array of { type, args }: enter, exit…) for the site of __site or the host; only sites with the fullscreenLogs flag',
          querystring: ClientQuery,
          body: FullscreenLogsBody,
          response: {
            ...accepted,
            403: ErrorResponse.describe(
              'forbidden: the site does not take fullscreen logs (flag fullscreenLogs)',
            ),
          },
        },
      },
      async (req, reply) => {
        const site = await req.site();
        if (!site.perms.fullscreenLogs) throw forbidden(`Site '${site.uid}' does not take fullscreen logs`);
        return reply
          .status(202)
          .send(await ctx.analytics.recordFullscreenLogs(site.uid, req.body, origin(req)));
      },
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
