import {
  AutologinLink,
  AutologinPasswordBody,
  AutologinResult,
  ClientQuery,
  CodeParams,
  ErrorResponse,
  ExpiredResetBody,
  IssuedPasscode,
  IssueLoginCodeBody,
  LoginResponse,
  PasscodeLoginBody,
  PasscodeLoginResponse,
  ResetCodeInfo,
  ResetPasswordBody,
  ResetRequestBody,
  SiteCodeParams,
  SiteParams,
} from '@marquee/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireUser } from '../../plugins/auth';
import type { DeviceInfo } from '../auth';
import type { OriginHint } from './recovery.service';
import { security } from '../../plugins/openapi';

const device = (req: FastifyRequest): DeviceInfo => ({
  userAgent: req.headers['user-agent'] ?? null,
  ip: req.ip,
});

const originHint = (req: FastifyRequest, callbackHost?: string): OriginHint => ({
  callbackHost,
  protocol: req.protocol,
  host: req.host,
});

/** The site of a body-carrying call: body.site, else the request's (__site, else the host name), as login does. */
const siteOf = (ctx: Pick<AppContext, 'sites'>, req: FastifyRequest, body: { site?: string }) =>
  body.site ? ctx.sites.byUid(body.site) : req.site();

const errors = (...codes: (400 | 401 | 403 | 404 | 409 | 429)[]) =>
  Object.fromEntries(codes.map((c) => [c, ErrorResponse])) as Record<number, typeof ErrorResponse>;

export const recoveryRoutes =
  (ctx: Pick<AppContext, 'recovery' | 'sites'>): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/reset/pw',
      {
        schema: {
          operationId: 'requestPasswordReset',
          security: security.public,
          tags: ['auth'],
          summary:
            'Mails a password reset link ({origin}/reset-pw/{code}, valid 1 h) when the e-mail has an account; 204 either way',
          querystring: ClientQuery,
          body: ResetRequestBody,
          response: { 204: z.null().describe('Accepted'), ...errors(400, 403, 404, 429) },
        },
      },
      async (req, reply) => {
        const site = await siteOf(ctx, req, req.body);
        await ctx.recovery.requestReset(site, req.body.email, req.ip, originHint(req, req.body.callbackHost));
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/api/reset/pw/expired',
      {
        schema: {
          operationId: 'replaceExpiredPassword',
          security: security.public,
          tags: ['auth'],
          summary: 'Replaces an expired password (after a pwdExpired login) and signs in',
          querystring: ClientQuery,
          body: ExpiredResetBody,
          response: { 200: LoginResponse, ...errors(400, 401, 403, 404, 409, 429) },
        },
      },
      async (req) => {
        const site = await siteOf(ctx, req, req.body);
        return ctx.recovery.resetExpired(site, req.body, req.ip, device(req));
      },
    );

    app.get(
      '/api/reset/pw/:code',
      {
        schema: {
          operationId: 'getPasswordResetCode',
          security: security.public,
          tags: ['auth'],
          summary: 'The e-mail a reset code belongs to; 404 invalidResetCode when unknown, spent or expired',
          querystring: ClientQuery,
          params: CodeParams,
          response: { 200: ResetCodeInfo, ...errors(400, 404) },
        },
      },
      async (req) => ctx.recovery.resetCodeInfo(req.params.code),
    );

    app.patch(
      '/api/reset/pw/:code',
      {
        schema: {
          operationId: 'resetPassword',
          security: security.public,
          tags: ['auth'],
          summary:
            'Sets a new password with a reset code, spends the code, ends the other sessions and signs in',
          querystring: ClientQuery,
          params: CodeParams,
          body: ResetPasswordBody,
          response: { 200: LoginResponse, ...errors(400, 404) },
        },
      },
      async (req) => ctx.recovery.resetWithCode(req.params.code, req.body, device(req)),
    );

    app.post(
      '/v2/sites/:site/autologin',
      {
        schema: {
          operationId: 'createAutologinLink',
          security: security.admin,
          tags: ['admin'],
          summary: "Issues an autologin link for a user of the site, valid 30 days (the site's admins)",
          querystring: ClientQuery,
          params: SiteParams,
          body: IssueLoginCodeBody,
          response: { 201: AutologinLink, ...errors(400, 401, 403, 404) },
        },
      },
      async (req, reply) => {
        const issuer = requireUser(req);
        const site = await req.site();
        const link = await ctx.recovery.issueAutologin(
          site,
          issuer,
          req.body.email,
          originHint(req, req.body.callbackHost),
        );
        return reply.status(201).send(link);
      },
    );

    app.post(
      '/v2/sites/:site/autologin/:code',
      {
        schema: {
          operationId: 'autologin',
          security: security.public,
          tags: ['auth'],
          summary:
            'Signs in with an autologin code: status 0 invalid or expired (expired: true for a real link past its expiry), 1 set a password first, 2 signed in',
          querystring: ClientQuery,
          params: SiteCodeParams,
          response: { 200: AutologinResult, ...errors(400, 403, 404, 429) },
        },
      },
      async (req) => {
        const site = await req.site();
        return ctx.recovery.autologin(site, req.params.code, req.ip, device(req));
      },
    );

    app.post(
      '/v2/sites/:site/autologin/:code/password',
      {
        schema: {
          operationId: 'setAutologinPassword',
          security: security.public,
          tags: ['auth'],
          summary: 'Sets the password of an autologin user who has none (status 1) and signs in (status 2)',
          querystring: ClientQuery,
          params: SiteCodeParams,
          body: AutologinPasswordBody,
          response: { 200: AutologinResult, ...errors(400, 403, 404, 409, 429) },
        },
      },
      async (req) => {
        const site = await req.site();
        return ctx.recovery.autologinPassword(site, req.params.code, req.body.password, req.ip, device(req));
      },
    );

    app.post(
      '/v2/sites/:site/passcodes',
      {
        schema: {
          operationId: 'createPasscode',
          security: security.admin,
          tags: ['admin'],
          summary:
            "Issues a single-use 8-digit passcode for a user of the site, valid 7 days (the site's admins)",
          querystring: ClientQuery,
          params: SiteParams,
          body: IssueLoginCodeBody,
          response: { 201: IssuedPasscode, ...errors(400, 401, 403, 404) },
        },
      },
      async (req, reply) => {
        const issuer = requireUser(req);
        const site = await req.site();
        return reply.status(201).send(await ctx.recovery.issuePasscode(site, issuer, req.body.email));
      },
    );

    app.post(
      '/passcode-login',
      {
        schema: {
          operationId: 'passcodeLogin',
          security: security.public,
          tags: ['auth'],
          summary:
            'Signs in with a passcode; or, without tokens, one flag saying where to go (redirectLogin, resetPassword, automaticResetPassword)',
          querystring: ClientQuery,
          body: PasscodeLoginBody,
          response: { 200: PasscodeLoginResponse, ...errors(400, 403, 404, 429) },
        },
      },
      async (req) => {
        const site = await siteOf(ctx, req, req.body);
        return ctx.recovery.passcodeLogin(
          site,
          req.body.passcode,
          req.ip,
          device(req),
          originHint(req, req.body.callbackHost),
        );
      },
    );
  };
