import {
  ClearKeyLicense,
  ClearKeyLicenseParams,
  ClearKeyLicenseRequest,
  ErrorResponse,
  LiveChannelPlayParams,
  PlayableUrl,
  PlayUrlQuery,
  VideoPlayParams,
} from '@marquee/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import type { PlaybackUser } from './playback.service';
import { security } from '../../plugins/openapi';
import { CLEAR_KEY_LICENSE } from '../../media/hls';
import { CACHE_PRIVATE } from '../../media/media-files';

/** The user the auth plugin (plugins/auth.ts) put on the request from its bearer token, if any. */
export function requestUser(request: FastifyRequest): PlaybackUser | null {
  return request.user ? { id: request.user.id, sessionId: request.user.sessionId } : null;
}

const responses = {
  200: PlayableUrl,
  400: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
};

export const playbackRoutes =
  (ctx: Pick<AppContext, 'mediaSigner' | 'now' | 'playback'>): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/v2/sites/:site/videos/:uid/play-url',
      {
        schema: {
          operationId: 'getVideoPlayUrl',
          security: security.optionalUser,
          tags: ['playback'],
          summary: 'Decides access and returns a signed, expiring stream URL (the playable-url response)',
          params: VideoPlayParams,
          querystring: PlayUrlQuery,
          response: responses,
        },
      },
      async (req) => {
        const site = await req.site();
        return ctx.playback.videoPlayUrl(site.uid, req.params.uid, requestUser(req), {
          ip: req.ip,
          userAgent: req.headers['user-agent'],
        });
      },
    );

    app.get(
      '/v2/sites/:site/live-channels/:id/play-url',
      {
        schema: {
          operationId: 'getLiveChannelPlayUrl',
          security: security.optionalUser,
          tags: ['playback'],
          summary: "A linear live channel's playable-url response (signed live playlist URL)",
          params: LiveChannelPlayParams,
          querystring: PlayUrlQuery,
          response: responses,
        },
      },
      async (req) => {
        const site = await req.site();
        return ctx.playback.liveChannelPlayUrl(site.uid, req.params.id, requestUser(req));
      },
    );

    app.post(
      `/media/:token/:assetId/${CLEAR_KEY_LICENSE}`,
      {
        // Licences and refusals alike are never cached (decision 0024's key rule).
        onRequest: async (_req, reply) => {
          reply.header('cache-control', CACHE_PRIVATE);
        },
        schema: {
          operationId: 'postClearKeyLicense',
          security: security.optionalUser,
          tags: ['playback'],
          summary:
            "A Clear Key asset's licence for an entitled viewer: the signed media token of its play-url is in the path (decision 0081)",
          params: ClearKeyLicenseParams,
          body: ClearKeyLicenseRequest,
          response: {
            200: ClearKeyLicense,
            400: ErrorResponse,
            401: ErrorResponse,
            403: ErrorResponse,
            404: ErrorResponse,
          },
        },
      },
      async (req) => {
        const claims = ctx.mediaSigner.verify(req.params.token, ctx.now());
        return ctx.playback.clearKeyLicense(req.params.assetId, claims, requestUser(req), req.body.kids);
      },
    );
  };
