import {
  ClientQuery,
  ErrorResponse,
  LoginBody,
  LoginResponse,
  LogoutBody,
  RefreshBody,
  SignupBody,
  User,
} from '@marquee/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireUser } from '../../plugins/auth';
import type { DeviceInfo } from './auth.service';

const device = (req: FastifyRequest): DeviceInfo => ({
  userAgent: req.headers['user-agent'] ?? null,
  ip: req.ip,
});

/** The site of a login or signup: body.site, else __site, else the host name. */
const siteOf = (ctx: AppContext, req: FastifyRequest, body: { site?: string }) =>
  ctx.sites.resolve({ params: { site: body.site }, query: req.query, hostname: req.hostname });

export const authRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/v2/me/auth/login',
      {
        schema: {
          tags: ['auth'],
          summary: 'Logs in with e-mail and password; returns an access token, a refresh token and the user',
          querystring: ClientQuery,
          body: LoginBody,
          response: { 200: LoginResponse, 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse },
        },
      },
      async (req) => {
        const site = await siteOf(ctx, req, req.body);
        return ctx.auth.login(site.uid, req.body, device(req));
      },
    );

    app.post(
      '/v2/me/auth/signup',
      {
        schema: {
          tags: ['auth'],
          summary: 'Creates an account on the site and logs it in',
          querystring: ClientQuery,
          body: SignupBody,
          response: { 201: LoginResponse, 400: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse },
        },
      },
      async (req, reply) => {
        const site = await siteOf(ctx, req, req.body);
        return reply.status(201).send(await ctx.auth.signup(site.uid, req.body, device(req)));
      },
    );

    app.post(
      '/v2/me/auth/refresh-access',
      {
        schema: {
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
          tags: ['auth'],
          summary: 'The signed-in user (Authorization: Bearer <access token>)',
          querystring: ClientQuery,
          response: { 200: User, 401: ErrorResponse },
        },
      },
      async (req) => ctx.auth.me(requireUser(req)),
    );
  };
