import {
  ClientQuery,
  ErrorResponse,
  SocialAuthorizeQuery,
  SocialAuthorizeResponse,
  SocialCallbackBody,
  SocialLoginResponse,
  SocialProviderList,
  SocialProviderParams,
  SocialSiteParams,
  SocialSiteProviderParams,
} from '@marquee/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { security } from '../../plugins/openapi';

export const socialRoutes =
  (ctx: Pick<AppContext, 'social'>): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/v2/sites/:site/oauth/providers',
      {
        schema: {
          operationId: 'listOauthProviders',
          security: security.public,
          tags: ['auth'],
          summary: 'The social login providers configured for the site',
          params: SocialSiteParams,
          querystring: ClientQuery,
          response: { 200: SocialProviderList, 404: ErrorResponse },
        },
      },
      async (req) => ctx.social.providers(await req.site()),
    );

    app.get(
      '/v2/sites/:site/oauth/:provider/authorize',
      {
        schema: {
          operationId: 'getOauthAuthorizeUrl',
          security: security.public,
          tags: ['auth'],
          summary:
            "The provider's authorization URL; the provider returns to {callbackHost}/oauth/{provider}/callback. " +
            'odrc and every other query parameter are the intent handed back by the callback.',
          params: SocialSiteProviderParams,
          querystring: SocialAuthorizeQuery,
          response: {
            200: SocialAuthorizeResponse,
            400: ErrorResponse,
            403: ErrorResponse,
            404: ErrorResponse,
            502: ErrorResponse,
          },
        },
      },
      async (req) => ctx.social.authorize(await req.site(), req.params.provider, req.query),
    );

    // GET of the same path is the web app's callback page (the SPA fallback serves it).
    app.post(
      '/oauth/:provider/callback',
      {
        schema: {
          operationId: 'finishOauthLogin',
          security: security.public,
          tags: ['auth'],
          summary: 'Finishes a social login with the code and state from the callback URL; logs the user in',
          params: SocialProviderParams,
          querystring: ClientQuery,
          body: SocialCallbackBody,
          response: {
            200: SocialLoginResponse,
            400: ErrorResponse,
            401: ErrorResponse,
            403: ErrorResponse,
            404: ErrorResponse,
          },
        },
      },
      async (req) =>
        ctx.social.callback(req.params.provider, req.body, {
          userAgent: req.headers['user-agent'] ?? null,
          ip: req.ip,
        }),
    );
  };
