import {
  ActivateSecondScreenResponse,
  ClientQuery,
  DEVICE_SECRET_HEADER,
  DeviceIdParams,
  DeviceSecretHeaders,
  DeviceList,
  ErrorResponse,
  RegisterSecondScreenBody,
  SecondScreenCheck,
  SecondScreenCodeParams,
  SecondScreenIdParams,
  SecondScreenRegistration,
  SiteParams,
} from '@marquee/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireUser } from '../../plugins/auth';
import { security } from '../../plugins/openapi';
import { ownSite } from '../sites';

const tags = ['devices'];

/** Second screens: TV activation by code (accounts-and-commerce §7), see devices.service.ts. */
export const devicesRoutes =
  (ctx: Pick<AppContext, 'devices'>): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/v2/sites/:site/second-screens',
      {
        schema: {
          operationId: 'registerSecondScreen',
          security: security.public,
          tags,
          summary:
            'Registers a TV (no login): a short activation code to show, and the device secret it must present from now on',
          description:
            'A deviceId that is still live (its code showing, or signed in) registers again only with its deviceSecret (409 deviceRegistered otherwise). Registrations are limited per client IP (429 with Retry-After).',
          params: SiteParams,
          querystring: ClientQuery,
          body: RegisterSecondScreenBody,
          response: {
            201: SecondScreenRegistration,
            400: ErrorResponse,
            403: ErrorResponse,
            404: ErrorResponse,
            409: ErrorResponse,
            429: ErrorResponse,
          },
        },
      },
      async (req, reply) => {
        const registration = await ctx.devices.register(await req.site(), req.body, {
          origin: `${req.protocol}://${req.host}`,
          userAgent: req.headers['user-agent'] ?? null,
          ip: req.ip,
        });
        return reply.status(201).send(registration);
      },
    );

    app.get(
      '/v2/sites/:site/check-second-screen/:deviceId',
      {
        schema: {
          operationId: 'checkSecondScreen',
          security: security.public,
          tags,
          summary: "The TV's poll: pending, slowDown, expired, or activated with its session (once)",
          description: `The device secret of the registration goes in the ${DEVICE_SECRET_HEADER} header; a wrong one answers 401 invalidDeviceSecret.`,
          params: DeviceIdParams,
          querystring: ClientQuery,
          headers: DeviceSecretHeaders,
          response: {
            200: SecondScreenCheck,
            400: ErrorResponse,
            401: ErrorResponse,
            404: ErrorResponse,
          },
        },
      },
      async (req) => {
        const { uid } = await req.site();
        return ctx.devices.check(uid, req.params.deviceId, req.headers[DEVICE_SECRET_HEADER], {
          userAgent: req.headers['user-agent'] ?? null,
          ip: req.ip,
        });
      },
    );

    app.put(
      '/v2/sites/:site/second-screens/:id',
      {
        schema: {
          operationId: 'activateSecondScreen',
          security: security.user,
          tags,
          summary: "Activates the TV showing this code for the signed-in user (the /activate screen's call)",
          params: SecondScreenCodeParams,
          querystring: ClientQuery,
          response: {
            200: ActivateSecondScreenResponse,
            400: ErrorResponse,
            401: ErrorResponse,
            403: ErrorResponse,
            404: ErrorResponse,
            410: ErrorResponse,
            429: ErrorResponse,
          },
        },
      },
      async (req) => {
        const user = requireUser(req);
        return ctx.devices.activate(ownSite(await req.site(), user), user, req.params.id, req.ip);
      },
    );

    app.get(
      '/v2/sites/:site/second-screens',
      {
        schema: {
          operationId: 'listDevices',
          security: security.user,
          tags,
          summary: "The signed-in user's activated devices",
          params: SiteParams,
          querystring: ClientQuery,
          response: {
            200: DeviceList,
            401: ErrorResponse,
            403: ErrorResponse.describe('wrongSite: the account belongs to another site'),
            404: ErrorResponse,
          },
        },
      },
      async (req) => {
        const user = requireUser(req);
        return ctx.devices.list(ownSite(await req.site(), user), user);
      },
    );

    app.post(
      '/v2/sites/:site/second-screens/:id/logout',
      {
        schema: {
          operationId: 'logoutDevice',
          security: security.user,
          tags,
          summary: "Signs one of the user's devices out (revokes its session)",
          params: SecondScreenIdParams,
          querystring: ClientQuery,
          response: { 204: z.null().describe('Signed out'), 401: ErrorResponse, 404: ErrorResponse },
        },
      },
      async (req, reply) => {
        const user = requireUser(req);
        await ctx.devices.logout((await req.site()).uid, user, req.params.id);
        return reply.status(204).send(null);
      },
    );

    app.delete(
      '/v2/sites/:site/second-screens/:id',
      {
        schema: {
          operationId: 'removeDevice',
          security: security.user,
          tags,
          summary: "Signs one of the user's devices out and forgets it",
          params: SecondScreenIdParams,
          querystring: ClientQuery,
          response: { 204: z.null().describe('Removed'), 401: ErrorResponse, 404: ErrorResponse },
        },
      },
      async (req, reply) => {
        const user = requireUser(req);
        await ctx.devices.remove((await req.site()).uid, user, req.params.id);
        return reply.status(204).send(null);
      },
    );
  };
