import {
  AltchaChallenge,
  CaptchaConfig,
  ClientQuery,
  ErrorResponse,
  LoginBody,
  LoginResponse,
  LogoutBody,
  RefreshBody,
  SignupBody,
  SiteParams,
  TermsResponse,
  UniqueParams,
  UniqueResponse,
  User,
  VerifyResponse,
} from '@marquee/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireUser } from '../../plugins/auth';
import type { DeviceInfo } from './auth.service';
import { security } from '../../plugins/openapi';

const device = (req: FastifyRequest): DeviceInfo => ({
  userAgent: req.headers['user-agent'] ?? null,
  ip: req.ip,
});

/** The site of a login or signup: body.site, else the request's (__site, else the host name). */
const siteOf = (ctx: Pick<AppContext, 'sites'>, req: FastifyRequest, body: { site?: string }) =>
  body.site ? ctx.sites.byUid(body.site) : req.site();

export const authRoutes =
  (ctx: Pick<AppContext, 'auth' | 'sites'>): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/v2/me/auth/login',
      {
        schema: {
          operationId: 'login',
          security: security.public,
          tags: ['auth'],
          summary: 'Logs in with e-mail and password; returns an access token, a refresh token and the user',
          querystring: ClientQuery,
          body: LoginBody,
          response: {
            200: LoginResponse,
            400: ErrorResponse.describe('a field; captchaToken when the captcha fails'),
            401: ErrorResponse.describe('invalidCredentials'),
            403: ErrorResponse.describe(
              'captchaRequired (resend with captchaToken), accountLocked, pwdExpired, unreelTerms or authDisabled',
            ),
            404: ErrorResponse,
            429: ErrorResponse.describe(
              'rateLimited: this client is over its failed-login limit, or its hashing queue is full; Retry-After gives the seconds to wait',
            ),
            503: ErrorResponse.describe('captchaUnavailable: the hosted captcha could not be reached'),
          },
        },
        // Before the body is read: an IP over its limit is refused at almost no cost (issue 12).
        onRequest: async (req) => ctx.auth.admitLoginSource(req.ip),
      },
      async (req) => {
        const site = await siteOf(ctx, req, req.body);
        return ctx.auth.login(site, req.body, device(req));
      },
    );

    app.post(
      '/v2/me/auth/signup',
      {
        schema: {
          operationId: 'signup',
          security: security.public,
          tags: ['auth'],
          summary: 'Creates an account on the site and logs it in',
          querystring: ClientQuery,
          body: SignupBody,
          response: {
            201: LoginResponse,
            400: ErrorResponse.describe('a field, captchaToken when the captcha fails'),
            403: ErrorResponse.describe(
              'authDisabled; signupDisabled: the site signs viewers in through an external identity platform',
            ),
            404: ErrorResponse,
            409: ErrorResponse.describe('emailTaken'),
            503: ErrorResponse.describe('captchaUnavailable: the hosted captcha could not be reached'),
          },
        },
      },
      async (req, reply) => {
        const site = await siteOf(ctx, req, req.body);
        return reply.status(201).send(await ctx.auth.signup(site, req.body, device(req)));
      },
    );

    app.post(
      '/v2/me/auth/refresh-access',
      {
        schema: {
          operationId: 'refreshAccess',
          security: security.public,
          tags: ['auth'],
          summary: 'Exchanges a refresh token for a new access token and a new refresh token (rotation)',
          querystring: ClientQuery,
          body: RefreshBody,
          response: { 200: LoginResponse, 400: ErrorResponse, 401: ErrorResponse },
        },
      },
      async (req) => ctx.auth.refresh(req.body.token, device(req)),
    );

    app.post(
      '/v2/me/auth/logout',
      {
        schema: {
          operationId: 'logout',
          security: security.public,
          tags: ['auth'],
          summary: 'Revokes the session of a refresh token; unknown tokens are ignored',
          querystring: ClientQuery,
          body: LogoutBody,
          response: { 204: z.null().describe('Logged out'), 400: ErrorResponse },
        },
      },
      async (req, reply) => {
        await ctx.auth.logout(req.body.token);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/v2/me/info',
      {
        schema: {
          operationId: 'getMe',
          security: security.user,
          tags: ['me'],
          summary: 'The signed-in user (Authorization: Bearer <access token>)',
          querystring: ClientQuery,
          response: { 200: User, 401: ErrorResponse },
        },
      },
      async (req) => ctx.auth.me(requireUser(req)),
    );

    app.post(
      '/v2/me/auth/verify',
      {
        schema: {
          operationId: 'verifyAccessToken',
          security: security.user,
          tags: ['auth'],
          summary: 'Checks the bearer access token: valid, and its user still exists and is not locked',
          querystring: ClientQuery,
          response: {
            200: VerifyResponse,
            401: ErrorResponse.describe('unauthorized or tokenExpired'),
            403: ErrorResponse.describe('accountLocked'),
          },
        },
      },
      async (req) => ctx.auth.verifySession(requireUser(req)),
    );

    app.get(
      '/api/unique/:name',
      {
        schema: {
          operationId: 'checkEmailAvailable',
          security: security.public,
          tags: ['auth'],
          summary: "Whether an e-mail is still free on the request's site (__site or the host name)",
          params: UniqueParams,
          querystring: ClientQuery,
          response: { 200: UniqueResponse, 400: ErrorResponse, 404: ErrorResponse, 429: ErrorResponse },
        },
      },
      async (req, reply) => {
        const site = await req.site();
        reply.header('cache-control', 'no-store');
        return { unique: await ctx.auth.isEmailFree(site.uid, req.params.name, req.ip) };
      },
    );

    app.get(
      '/v2/sites/:site/terms',
      {
        schema: {
          operationId: 'getTerms',
          security: security.public,
          tags: ['auth'],
          summary: "The site's terms of use; a login after they change answers 403 unreelTerms",
          params: SiteParams,
          querystring: ClientQuery,
          response: { 200: TermsResponse, 404: ErrorResponse.describe('unknown site, or noTerms') },
        },
      },
      async (req) => ctx.auth.terms(await req.site()),
    );

    app.get(
      '/v2/sites/:site/captcha',
      {
        schema: {
          operationId: 'getCaptcha',
          security: security.public,
          tags: ['auth'],
          summary:
            'Which captcha the signup form shows: ALTCHA with its challenge URL, or a hosted one with its site key',
          params: SiteParams,
          querystring: ClientQuery,
          response: { 200: CaptchaConfig, 404: ErrorResponse, 503: ErrorResponse },
        },
      },
      async (req) => ctx.auth.captchaConfig((await req.site()).uid),
    );

    app.get(
      '/v2/sites/:site/captcha/challenge',
      {
        schema: {
          operationId: 'getCaptchaChallenge',
          security: security.public,
          tags: ['auth'],
          summary:
            "A new ALTCHA challenge (the altcha widget's challengeurl); the solved payload is the signup captchaToken",
          params: SiteParams,
          querystring: ClientQuery,
          response: { 200: AltchaChallenge, 404: ErrorResponse.describe('unknown site, or noChallenge') },
        },
      },
      async (req, reply) => {
        const site = await req.site();
        reply.header('cache-control', 'no-store');
        return ctx.auth.captchaChallenge(site.uid);
      },
    );
  };
