import {
  ChangeEmailBody,
  ChangePasswordBody,
  ClientQuery,
  ConfirmIdentityBody,
  DeleteAccountBody,
  DeletionRequested,
  PreferencesBody,
  ErrorResponse,
  UpdateUserInfoBody,
  User,
} from '@marquee/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireUser, type AuthUser } from '../../plugins/auth';
import type { ProfileSite } from './profile.service';
import { security } from '../../plugins/openapi';

const noContent = (what: string) => z.null().describe(what);

export const profileRoutes =
  (ctx: Pick<AppContext, 'profile' | 'sites'>): FastifyPluginAsyncZod =>
  async (app) => {
    /** The signed-in user's own site (from the token, not the request), with its permission flags. */
    const siteOf = (user: AuthUser): Promise<ProfileSite> => ctx.sites.byUid(user.siteUid);

    app.patch(
      '/v2/me/info',
      {
        schema: {
          operationId: 'updateMe',
          security: security.user,
          tags: ['me'],
          summary: 'Changes the name, gender and date of birth; the name may change once per 60 days',
          querystring: ClientQuery,
          body: UpdateUserInfoBody,
          response: {
            200: User,
            400: ErrorResponse,
            401: ErrorResponse,
            403: ErrorResponse.describe(
              'profileManagedExternally: a name change where an external identity platform owns it',
            ),
            409: ErrorResponse,
          },
        },
      },
      async (req) => {
        const user = requireUser(req);
        return ctx.profile.updateInfo(user, await siteOf(user), req.body);
      },
    );

    app.patch(
      '/v2/me/preferences',
      {
        schema: {
          operationId: 'updatePreferences',
          security: security.user,
          tags: ['me'],
          summary: 'Sets autoPlay: at the end of a video the next one plays (true) or the viewer goes back',
          querystring: ClientQuery,
          body: PreferencesBody,
          response: { 200: User, 400: ErrorResponse, 401: ErrorResponse },
        },
      },
      async (req) => ctx.profile.setPreferences(requireUser(req), req.body),
    );

    app.patch(
      '/v2/me/email',
      {
        schema: {
          operationId: 'changeEmail',
          security: security.user,
          tags: ['me'],
          summary: 'Changes the e-mail (password required) and mails a notice to the old address',
          querystring: ClientQuery,
          body: ChangeEmailBody,
          response: {
            200: User,
            400: ErrorResponse,
            401: ErrorResponse,
            403: ErrorResponse.describe('profileManagedExternally: an external identity platform owns it'),
            409: ErrorResponse,
            429: ErrorResponse,
          },
        },
      },
      async (req) => {
        const user = requireUser(req);
        return ctx.profile.changeEmail(user, await siteOf(user), req.body);
      },
    );

    app.patch(
      '/v2/me/password',
      {
        schema: {
          operationId: 'changePassword',
          security: security.user,
          tags: ['me'],
          summary: 'Changes the password and ends every session of the user',
          querystring: ClientQuery,
          body: ChangePasswordBody,
          response: {
            204: noContent('Password changed'),
            400: ErrorResponse,
            401: ErrorResponse,
            403: ErrorResponse.describe('profileManagedExternally: an external identity platform owns it'),
            429: ErrorResponse,
          },
        },
      },
      async (req, reply) => {
        const user = requireUser(req);
        await ctx.profile.changePassword(user, await siteOf(user), req.body);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/v2/me/confirm-identity',
      {
        schema: {
          operationId: 'confirmIdentity',
          security: security.user,
          tags: ['me'],
          summary: "Checks the signed-in user's e-mail and password",
          querystring: ClientQuery,
          body: ConfirmIdentityBody,
          response: {
            204: noContent('Identity confirmed'),
            400: ErrorResponse,
            401: ErrorResponse,
            429: ErrorResponse,
          },
        },
      },
      async (req, reply) => {
        await ctx.profile.confirmIdentity(requireUser(req), req.body);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/v2/me/request-delete',
      {
        schema: {
          operationId: 'requestAccountDeletion',
          security: security.user,
          tags: ['me'],
          summary: "Asks the site's admins to delete the account (mails them and the user)",
          querystring: ClientQuery,
          response: { 202: DeletionRequested, 401: ErrorResponse, 409: ErrorResponse },
        },
      },
      async (req, reply) => {
        const user = requireUser(req);
        return reply.status(202).send(await ctx.profile.requestDeletion(user, await siteOf(user)));
      },
    );

    app.post(
      '/v2/me/delete',
      {
        schema: {
          operationId: 'deleteAccount',
          security: security.user,
          tags: ['me'],
          summary: 'Deletes the account at once (password required; only on sites with selfDelete)',
          querystring: ClientQuery,
          body: DeleteAccountBody,
          response: {
            204: noContent('Account deleted'),
            400: ErrorResponse,
            401: ErrorResponse,
            403: ErrorResponse,
            429: ErrorResponse,
          },
        },
      },
      async (req, reply) => {
        const user = requireUser(req);
        await ctx.profile.deleteAccount(user, await siteOf(user), req.body);
        return reply.status(204).send(null);
      },
    );
  };
