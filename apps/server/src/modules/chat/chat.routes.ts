import {
  ChatBan,
  ChatBanBody,
  ChatGrant,
  ChatHistory,
  ChatHistoryQuery,
  ChatMessage,
  ChatMessageParams,
  ChatMuteAnswer,
  ChatMuteBody,
  ChatMuteList,
  ChatMuteParams,
  ChatParams,
  ChatTokenBody,
  ChatUsername,
  ChatUsernameBody,
  ChatUsers,
  ChatUsersBody,
  ClientQuery,
  ErrorResponse,
  SendChatMessageBody,
  SiteParams,
} from '@marquee/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireUser } from '../../plugins/auth';
import { security } from '../../plugins/openapi';
import { servedAt } from '../../plugins/spec-paths';

const refusals = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const limited = { 429: ErrorResponse };

/**
 * The spec's chat calls (playback-and-social §7 Chat) under `/v2/sites/{site}/chats/…`, plus the
 * history, deletion and chat-name calls. Every call needs a signed-in user of the site.
 */
export const chatRoutes =
  (ctx: Pick<AppContext, 'chat'>): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['chat'];
    // A 401 comes before any 400 about the request.
    app.addHook('preValidation', async (req) => {
      requireUser(req);
    });

    app.post(
      '/v2/sites/:site/chats/users',
      {
        schema: {
          operationId: 'getChatUsers',
          security: security.user,
          tags,
          summary: 'How chat shows the given users of the site (name, verified); unknown ids are left out',
          params: SiteParams,
          querystring: ClientQuery,
          body: ChatUsersBody,
          response: { 200: ChatUsers, ...refusals },
        },
      },
      async (req) => ({ users: await ctx.chat.users(requireUser(req), await req.site(), req.body.userIds) }),
    );

    app.patch(
      '/v2/sites/:site/chats/ban',
      {
        schema: {
          operationId: 'banChatUser',
          security: security.user,
          tags,
          summary:
            'Suspends a user’s chat writing for 48 hours (or until chatBanUntil, at most 48 h; null lifts it); staff, support and admin only',
          params: SiteParams,
          querystring: ClientQuery,
          body: ChatBanBody,
          response: { 200: ChatBan, ...refusals },
        },
      },
      async (req) => ctx.chat.ban(requireUser(req), await req.site(), req.body),
    );

    app.patch(
      '/v2/sites/:site/chats/mute/:userId',
      {
        schema: {
          operationId: 'muteChatUser',
          security: security.user,
          tags,
          summary: 'Mutes (or unmutes) a user for the caller: their messages are hidden to the caller',
          params: ChatMuteParams,
          querystring: ClientQuery,
          body: ChatMuteBody,
          response: { 200: ChatMuteAnswer, ...refusals, 409: ErrorResponse },
        },
      },
      async (req) => ctx.chat.mute(requireUser(req), await req.site(), req.params.userId, req.body.mute),
    );

    const muteList = servedAt('GET', '/v2/sites/:site/chats/muteList', {
      operationId: 'getChatMuteList',
      security: security.user,
      tags,
      summary: 'The caller’s muted people, with their chat names',
      params: SiteParams,
      querystring: ClientQuery,
      response: { 200: ChatMuteList, ...refusals },
    });
    for (const { url, schema } of muteList)
      app.get(url, { schema }, async (req) => ({
        users: await ctx.chat.muteList(requireUser(req), await req.site()),
      }));

    app.patch(
      '/v2/sites/:site/chats/username',
      {
        schema: {
          operationId: 'setChatUsername',
          security: security.user,
          tags,
          summary: 'Sets the name the caller chats under (2 to 30 characters; "add name to chat")',
          params: SiteParams,
          querystring: ClientQuery,
          body: ChatUsernameBody,
          response: { 200: ChatUsername, ...refusals },
        },
      },
      async (req) => ctx.chat.setUsername(requireUser(req), await req.site(), req.body.chatUsername),
    );

    app.patch(
      '/v2/sites/:site/chats/:chatId',
      {
        schema: {
          operationId: 'grantChatToken',
          security: security.user,
          tags,
          summary:
            'A chat token for the room (60 minutes) to read, or read and write; 403 notEntitled when the user may not watch the room’s content (staff, support and admin may), notPartyMember for a party they did not join; write answers 403 while the user is suspended, 409 until they have a name',
          params: ChatParams,
          querystring: ClientQuery,
          body: ChatTokenBody,
          response: { 200: ChatGrant, ...refusals, 409: ErrorResponse },
        },
      },
      async (req) => ctx.chat.grant(requireUser(req), await req.site(), req.params.chatId, req.body),
    );

    app.post(
      '/v2/sites/:site/chats/:chatId',
      {
        schema: {
          operationId: 'sendChatMessage',
          security: security.user,
          tags,
          summary:
            'Sends a message (at most 140 characters) to the room, as the socket’s chat:send does; slow mode and the flood limit answer 429',
          params: ChatParams,
          querystring: ClientQuery,
          body: SendChatMessageBody,
          response: { 201: ChatMessage, ...refusals, 409: ErrorResponse, ...limited },
        },
      },
      async (req, reply) => {
        const message = await ctx.chat.send(
          requireUser(req),
          await req.site(),
          req.params.chatId,
          req.body.message,
        );
        return reply.status(201).send(message);
      },
    );

    app.get(
      '/v2/sites/:site/chats/:chatId/messages',
      {
        schema: {
          operationId: 'getChatHistory',
          security: security.user,
          tags,
          summary:
            'The room’s latest 30 messages, oldest first (or the latest 30 after / before a message id), without the caller’s muted people',
          params: ChatParams,
          querystring: ChatHistoryQuery,
          response: { 200: ChatHistory, ...refusals },
        },
      },
      async (req) => ({
        messages: await ctx.chat.history(requireUser(req), await req.site(), req.params.chatId, req.query),
      }),
    );

    app.delete(
      '/v2/sites/:site/chats/:chatId/messages/:messageId',
      {
        schema: {
          operationId: 'deleteChatMessage',
          security: security.user,
          tags,
          summary: 'Deletes a message for everyone; staff, support and admin only',
          params: ChatMessageParams,
          querystring: ClientQuery,
          response: { 204: z.null(), ...refusals },
        },
      },
      async (req, reply) => {
        await ctx.chat.deleteMessage(
          requireUser(req),
          await req.site(),
          req.params.chatId,
          req.params.messageId,
        );
        return reply.status(204).send(null);
      },
    );
  };
