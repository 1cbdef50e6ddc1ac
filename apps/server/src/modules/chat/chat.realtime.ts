import { ChatJoin, ChatLeave, ChatSend } from '@marquee/contract';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../plugins/errors';
import { handle, roomName, type RealtimeFeature, type RealtimeGateway } from '../realtime';
import type { SitesService } from '../sites';
import type { ChatPresence } from './chat-presence';
import { chatTokenExpired } from './chat-token';
import type { ChatPublisher, ChatRoom, ChatService } from './chat.service';

/** Every socket of a user joins this room, so a ban reaches all of them on every node at once. */
export const userRoomName = (siteUid: string, userId: string) => `${siteUid}:user:${userId}`;

/** One viewer's sockets in a chat room: where a message to them only goes (decision 0052). */
const viewerRoom = (room: ChatRoom, userId: string): ChatRoom => ({
  kind: room.kind,
  id: `${room.id}:${userId}`,
});

/** The gateway as the chat service's publisher: every emit goes to the room on every node. */
export function gatewayPublisher(gateway: Pick<RealtimeGateway, 'io' | 'to'>): ChatPublisher {
  return {
    message: (site, room, message) =>
      gateway
        .to('chat', site, message.to === undefined ? room : viewerRoom(room, message.to))
        .emit('chat:message', message),
    deleted: (site, room, deleted) => gateway.to('chat', site, room).emit('chat:deleted', deleted),
    suspended: (site, userId, ban) => gateway.io.to(userRoomName(site, userId)).emit('chat:suspended', ban),
  };
}

/**
 * Chat over the socket (decision 0045); the app attaches `gatewayPublisher(app.realtime)` to the
 * chat service once the gateway is registered, so HTTP sends reach the rooms even before any
 * socket connected to this node: `chat:join` presents a chat token (PATCH chats/{id}) and
 * joins its room as a reader or a writer; `chat:send` needs a writer's grant that has not
 * expired, then goes through the same rules as POST chats/{id} (the ban table, slow mode, the
 * flood limit); `chat:leave` leaves. Every `recheckMs` a socket's rooms are checked again: one
 * whose token expired unrenewed, or whose viewer may no longer enter (a rental ended, a refund),
 * is left with `chat:closed` (decision 0053). Joins, leaves and disconnections tell the presence,
 * which recounts the room's online count.
 */
export function chatFeature({
  chat,
  sites,
  now,
  log,
  presence,
  recheckMs,
}: {
  chat: ChatService;
  sites: Pick<SitesService, 'byUid'>;
  now: () => number;
  log: FastifyBaseLogger;
  presence?: ChatPresence;
  recheckMs: number;
}): RealtimeFeature {
  return (socket) => {
    const user = socket.data.user;
    void socket.join(userRoomName(user.siteUid, user.id));
    /** chatId → what its token granted, until when, and its rooms (the chat's, and the viewer's in it). */
    type Grant = { write: boolean; exp: number; rooms: string[]; ref: ChatRoom };
    const grants = new Map<string, Grant>();
    let recheck: ReturnType<typeof setInterval> | undefined;
    let sweeping = false;

    /** Leaves `chatId`'s rooms, unless a newer join replaced `grant` meanwhile. */
    const close = (chatId: string, grant: Grant, refusal: { code: string; message: string }) => {
      if (grants.get(chatId) !== grant) return;
      grants.delete(chatId);
      for (const name of grant.rooms) void socket.leave(name);
      presence?.changed(user.siteUid, grant.ref);
      socket.emit('chat:closed', { chatId, code: refusal.code, message: refusal.message });
    };
    const sweep = async () => {
      const site = await sites.byUid(user.siteUid);
      for (const [chatId, grant] of [...grants]) {
        if (grant.exp <= now()) {
          close(chatId, grant, chatTokenExpired());
          continue;
        }
        try {
          await chat.recheck(user, site, grant.ref);
        } catch (err) {
          // Refused now (403), or the room is gone (404); a busy limiter or store is no verdict.
          if (err instanceof AppError && (err.statusCode === 403 || err.statusCode === 404))
            close(chatId, grant, err);
          else throw err;
        }
      }
      if (grants.size === 0) stopRecheck();
    };
    const stopRecheck = () => {
      clearInterval(recheck);
      recheck = undefined;
    };
    socket.on('disconnect', stopRecheck);
    socket.on('disconnecting', () => {
      for (const grant of grants.values()) presence?.changed(user.siteUid, grant.ref);
    });

    handle(
      socket,
      'chat:join',
      ChatJoin,
      async ({ token, after }) => {
        const site = await sites.byUid(user.siteUid);
        const { claims, room, messages } = await chat.join(user, site, token, after);
        const rooms = [
          roomName('chat', site.uid, room),
          roomName('chat', site.uid, viewerRoom(room, user.id)),
        ];
        await socket.join(rooms);
        grants.set(claims.chatId, { write: claims.write, exp: claims.exp, rooms, ref: room });
        recheck ??= setInterval(() => {
          if (sweeping) return;
          sweeping = true;
          sweep()
            .catch((err: unknown) => log.warn({ err }, 'chat access recheck failed'))
            .finally(() => (sweeping = false));
        }, recheckMs).unref();
        presence?.changed(site.uid, room);
        const online = presence?.shown(site.uid, room) ?? null;
        return { chatId: claims.chatId, read: claims.read, write: claims.write, messages, online };
      },
      log,
    );

    handle(
      socket,
      'chat:leave',
      ChatLeave,
      async ({ chatId }) => {
        const grant = grants.get(chatId);
        if (grant) {
          grants.delete(chatId);
          for (const name of grant.rooms) await socket.leave(name);
          presence?.changed(user.siteUid, grant.ref);
        }
        return {};
      },
      log,
    );

    handle(
      socket,
      'chat:send',
      ChatSend,
      async ({ chatId, message }) => {
        const grant = grants.get(chatId);
        if (!grant) throw new AppError(403, 'chatNotJoined', 'Join the chat first', 'chatId');
        if (grant.exp <= now()) throw chatTokenExpired();
        if (!grant.write)
          throw new AppError(403, 'chatReadOnly', 'This chat token does not allow writing', 'token');
        const site = await sites.byUid(user.siteUid);
        return { message: await chat.send(user, site, chatId, message) };
      },
      log,
    );
  };
}
