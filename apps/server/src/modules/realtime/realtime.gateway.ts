import type { IncomingHttpHeaders } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { Server, type ExtendedError, type Socket } from 'socket.io';
import type { z } from 'zod';
import {
  REALTIME_PATH,
  RealtimeAuth,
  type RoomRef,
  type ClientToServerEvents,
  type RealtimeAck,
  type ServerToClientEvents,
} from '@marquee/contract';
import type { AppContext } from '../../context';
import { connectRedis, forgiving } from '../../infra/redis';
import type { AuthUser } from '../../plugins/auth';
import { AppError } from '../../plugins/errors';

type SocketData = { user: AuthUser };
export type RealtimeServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;
export type RealtimeSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;

export type RealtimeGateway = {
  io: RealtimeServer;
  /** Emits to a feature's room on every node. */
  to(feature: RoomFeature, siteUid: string, room: RoomRef): ReturnType<RealtimeServer['to']>;
};

/**
 * A feature's socket events (chat, parties), attached to every admitted socket. Its handlers are
 * registered with `handle` below, so each validates its payload and answers the same way.
 */
export type RealtimeFeature = (socket: RealtimeSocket, gateway: RealtimeGateway) => void;

declare module 'fastify' {
  interface FastifyInstance {
    realtime: RealtimeGateway;
  }
}

/** How often connected sockets are checked against revoked sessions (a listener sends nothing). */
export const REVOCATION_SWEEP_MS = 10_000;

/**
 * Whose room it is: a party's chat and the party's sync are two rooms about one party, and leaving
 * one must not leave the other.
 */
export type RoomFeature = 'chat' | 'party';

/** A room's name on every node: the site, the feature, then the kind and id, so no two rooms meet. */
export const roomName = (feature: RoomFeature, siteUid: string, room: RoomRef) =>
  `${siteUid}:${feature}:${room.kind}:${room.id}`;

/**
 * The realtime gateway (decision 0043): Socket.IO on the app's own HTTP server at REALTIME_PATH,
 * websocket transport only. A socket is admitted with a valid access token of a live session and
 * an Origin that is the API's own, one of the token's site's hosts or a packaged TV app's; it is
 * dropped once its session is revoked. With REDIS_URL, rooms span nodes through the Redis adapter.
 */
export function registerRealtime(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'auth' | 'sites' | 'sessions' | 'config'>,
  features: RealtimeFeature[] = [],
): void {
  const io: RealtimeServer = new Server(app.server, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    serveClient: false,
  });
  // Publisher and subscriber: a subscribed Redis connection can do nothing else. The adapter
  // never awaits its commands, so they go through clients that mark every failure handled.
  const redis: Redis[] = [];
  if (ctx.config.redisUrl) {
    const pub = connectRedis(ctx.config.redisUrl);
    // Subscriptions wait for Redis however long it is away (a refused one would never be retried).
    const sub = pub.duplicate({ maxRetriesPerRequest: null });
    sub.on('error', () => {});
    redis.push(forgiving(pub), forgiving(sub));
    io.adapter(createAdapter(redis[0], redis[1], { key: `${ctx.config.redisPrefix}realtime` }));
  }

  io.use((socket, next) => {
    // A draining node takes no socket: the client retries, and the load balancer picks another.
    if (app.draining) return next(refusal(app.log, new AppError(503, 'serviceUnavailable', 'Shutting down')));
    admit(socket.handshake).then(
      (user) => {
        socket.data.user = user;
        next();
      },
      (err: unknown) => next(refusal(app.log, err)),
    );
  });

  async function admit(handshake: RealtimeSocket['handshake']): Promise<AuthUser> {
    const auth = RealtimeAuth.safeParse(handshake.auth);
    if (!auth.success) throw new AppError(401, 'unauthorized', 'Authentication required: auth.token');
    const verified = await ctx.auth.verifyAccessToken(auth.data.token);
    if (!('user' in verified)) {
      throw verified.error === 'expired'
        ? new AppError(401, 'tokenExpired', 'Access token expired')
        : new AppError(401, 'unauthorized', 'Access token invalid or revoked');
    }
    const { hosts } = await ctx.sites.byUid(verified.user.siteUid);
    if (!originAllowed(handshake.headers, hosts, ctx.config.tvAppOrigins)) {
      throw new AppError(403, 'forbiddenOrigin', 'Origin not allowed');
    }
    return verified.user;
  }

  /** Drops the socket if its session was revoked; false when it may go on, or the store did not answer. */
  const dropIfRevoked = async (socket: RealtimeSocket) => {
    try {
      if (!(await ctx.sessions.isRevoked(socket.data.user.sessionId))) return false;
    } catch (err) {
      app.log.error({ err }, 'realtime: revocation check failed');
      return undefined;
    }
    socket.emit('session:revoked');
    socket.disconnect(true);
    return true;
  };

  const gateway: RealtimeGateway = {
    io,
    to: (feature, siteUid, room) => io.to(roomName(feature, siteUid, room)),
  };
  io.on('connection', (socket) => {
    // Every message first checks the session, so a revoked one cannot act even between sweeps.
    // Unchecked (the store did not answer), a message is not handled: its ack times out, the client retries.
    socket.use((_packet, next) => {
      void dropIfRevoked(socket).then((gone) => gone === false && next());
    });
    // Rooms are entered only through a feature's authorized join (chat: `chat:join` with a chat token).
    for (const feature of features) feature(socket, gateway);
  });

  const sweep = setInterval(() => {
    for (const socket of io.of('/').sockets.values()) void dropIfRevoked(socket);
  }, REVOCATION_SWEEP_MS);
  sweep.unref();

  app.decorate('realtime', gateway);
  // Sockets go before the HTTP server closes (it would wait for them), told to connect again
  // (to another node: this one admits none while draining); Redis after.
  app.addHook('preClose', async () => {
    clearInterval(sweep);
    app.draining = true;
    io.local.emit('server:draining');
    // Each connection closes once its last packets (the notice, the disconnect) are written; the
    // engine's close would drop them, so it only sweeps up what did not close within a second.
    const closed = [...io.of('/').sockets.values()].map(
      (socket) => new Promise((resolve) => socket.conn.once('close', resolve)),
    );
    io.local.disconnectSockets(true);
    await Promise.race([Promise.all(closed), sleep(1000, undefined, { ref: false })]);
    io.engine.close();
  });
  app.addHook('onClose', async () => {
    // Not QUIT: queued behind a Redis that is away, it would hold the shutdown for as long.
    for (const client of redis) client.disconnect();
  });
}

/** The socket's Origin is the API's own host, one of the site's hosts, or a packaged TV app's. */
function originAllowed(headers: IncomingHttpHeaders, siteHosts: string[], tvAppOrigins: string[]) {
  const origin = headers.origin;
  if (!origin) return false;
  if (tvAppOrigins.includes(origin)) return true;
  if (!URL.canParse(origin)) return false;
  const url = new URL(origin);
  return url.host === headers.host || siteHosts.includes(url.hostname.toLowerCase());
}

/**
 * Registers a feature's call: the payload parsed by its contract schema (400 naming the field),
 * then `run`, whose answer is acknowledged with `ok: true`; an AppError is acknowledged with its
 * status and error body, anything else logged and answered 503 (the client may retry).
 */
export function handle<S extends z.ZodType, A extends object>(
  socket: RealtimeSocket,
  event: string,
  schema: S,
  run: (payload: z.infer<S>) => Promise<A>,
  log: Pick<FastifyBaseLogger, 'error'>,
): void {
  (socket as unknown as Socket).on(event, async (raw: unknown, ack: unknown) => {
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = issue.path.join('.') || 'payload';
      return reply(ack, {
        ok: false,
        status: 400,
        error: { code: 'invalid', message: `${field}: ${issue.message}`, field },
      });
    }
    try {
      reply(ack, { ok: true, ...(await run(parsed.data)) });
    } catch (err) {
      if (err instanceof AppError) {
        const error = { code: err.code, message: err.message, ...(err.field ? { field: err.field } : {}) };
        return reply(ack, { ok: false, status: err.statusCode, error });
      }
      log.error({ err, event }, 'realtime: call failed');
      reply(ack, {
        ok: false,
        status: 503,
        error: { code: 'serviceUnavailable', message: 'Service unavailable, try again' },
      });
    }
  });
}

/** Answers through the acknowledgement when the client asked for one (every documented call does). */
function reply(ack: unknown, answer: RealtimeAck) {
  if (typeof ack === 'function') (ack as (answer: RealtimeAck) => void)(answer);
}

/**
 * A refused handshake as the client's connect_error: the message and `data.code` of an AppError;
 * anything else (a store that did not answer) is logged and the client told to retry.
 */
function refusal(log: FastifyBaseLogger, err: unknown): ExtendedError {
  if (err instanceof AppError) return Object.assign(new Error(err.message), { data: { code: err.code } });
  log.error({ err }, 'realtime handshake failed');
  return Object.assign(new Error('Service unavailable, try again'), { data: { code: 'serviceUnavailable' } });
}
