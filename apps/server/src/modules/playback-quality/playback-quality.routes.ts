import {
  ErrorResponse,
  PlaybackQualityAccepted,
  PlaybackQualityQuery,
  PlaybackQualityReport,
  PlaybackQualitySummary,
  ClientQuery,
  SiteParams,
} from '@marquee/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { requireUser } from '../../plugins/auth';
import { errorResponses, security } from '../../plugins/openapi';

const PATH = '/v2/sites/:site/analytics/playbackQuality';
/** One report is a few hundred bytes. */
const BODY_LIMIT = 4 * 1024;

/**
 * Playback quality (decision 0083): the players' reports, under the analytics paths so they share
 * the analytics rate limit (plugins/rate-limits.ts), and the operators' read.
 */
export const playbackQualityRoutes =
  (ctx: Pick<AppContext, 'playbackQuality'>): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      PATH,
      {
        bodyLimit: BODY_LIMIT,
        schema: {
          operationId: 'reportPlaybackQuality',
          security: security.optionalUser,
          tags: ['analytics'],
          summary:
            "Records one playback session's quality so far (startup, stalls, bitrate switches, fatal error); a later report of the session (higher seq) replaces it, a replay changes nothing. Anonymous or signed in",
          params: SiteParams,
          querystring: ClientQuery,
          body: PlaybackQualityReport,
          response: {
            202: PlaybackQualityAccepted,
            400: ErrorResponse,
            404: ErrorResponse.describe('notFound: the site, or the video (field videoUid)'),
            409: ErrorResponse.describe('conflict: the session id was reported for another video'),
            429: ErrorResponse.describe('rateLimited: the analytics limit of this client; Retry-After'),
          },
        },
      },
      async (req, reply) =>
        reply
          .status(202)
          .send(await ctx.playbackQuality.report((await req.site()).uid, req.body, req.query.__source)),
    );

    app.get(
      PATH,
      {
        schema: {
          operationId: 'getPlaybackQuality',
          security: security.admin,
          tags: ['admin'],
          summary:
            "Playback quality per title and day between from and to (UTC days, default the last 30): startup median and histogram, rebuffering ratio, bitrate switches per hour, error rate; the site's admins",
          params: SiteParams,
          querystring: PlaybackQualityQuery,
          response: { 200: PlaybackQualitySummary, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (req) => {
        const user = requireUser(req);
        return ctx.playbackQuality.summary((await req.site()).uid, user, req.query);
      },
    );
  };
