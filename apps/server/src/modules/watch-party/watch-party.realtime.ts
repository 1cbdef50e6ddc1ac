import { PartyEnvelope, PartyJoinRequest, type RoomRef } from '@marquee/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { AppError } from '../../plugins/errors';
import { handle, roomName, type RealtimeFeature, type RealtimeGateway } from '../realtime';

/**
 * Party messages one socket may send per second: a client sends a ping every 250 ms at most, a
 * report every 3 s and a few actions; more is a broken or hostile client, refused with 429 before it
 * reaches the database.
 */
export const PARTY_MESSAGES_PER_SECOND = 20;

const partyRoom = (pid: string): RoomRef => ({ kind: 'party', id: pid });
/** One member's sockets in a party: where their own messages (a desync) go. */
const memberRoom = (pid: string, userId: string): RoomRef => ({ kind: 'party', id: `${pid}:${userId}` });

/**
 * The watch-party socket calls (decision 0046): `party:join` / `party:leave` (membership checked by
 * the service, not the generic `room:join`) and `party:message` (clock pings answered at once,
 * host actions and reports, guest reports, ready). Party changes made on any node reach the room on
 * every node: the service publishes `partyChanged`, and this relays it through the gateway (the
 * Redis adapter with REDIS_URL). `attach` gives it the gateway once `registerRealtime` made it.
 */
export function watchPartyRealtime(
  ctx: Pick<AppContext, 'watchParty' | 'sites' | 'events' | 'now'>,
  log: Pick<FastifyBaseLogger, 'error'>,
) {
  let gateway: RealtimeGateway | null = null;
  const timers = new Set<NodeJS.Timeout>();

  ctx.events.on('partyChanged', (change) => {
    if (!gateway) return;
    const room = change.userId ? memberRoom(change.pid, change.userId) : partyRoom(change.pid);
    const to = gateway.to('party', change.siteUid, room);
    if (change.session) to.emit('party:session', change.session);
    if (change.message) to.emit('party:message', change.pid, change.message);
  });

  /** Runs the host drop rule when its grace time is over (again, if it is still waiting then). */
  function checkHostAt(pid: string, untilMs: number | null) {
    if (untilMs === null) return;
    const timer = setTimeout(
      () => {
        timers.delete(timer);
        ctx.watchParty.checkHost(pid).then(
          (next) => checkHostAt(pid, next),
          (err: unknown) => log.error({ err, pid }, 'watch party: host check failed'),
        );
      },
      Math.max(0, untilMs - ctx.now()) + 50,
    );
    timer.unref();
    timers.add(timer);
  }

  const feature: RealtimeFeature = (socket) => {
    const user = socket.data.user;
    /** The parties this socket counts in as a member (its close counts it out). */
    const counted = new Set<string>();
    let windowStart = 0;
    let inWindow = 0;
    const admitMessage = (at: number) => {
      if (at - windowStart >= 1000) {
        windowStart = at;
        inWindow = 0;
      }
      if (++inWindow > PARTY_MESSAGES_PER_SECOND)
        throw new AppError(429, 'tooManyRequests', 'Too many party messages, slow down');
    };

    const closed = (pid: string) => {
      counted.delete(pid);
      return ctx.watchParty.socketClosed(user, pid).then((until) => checkHostAt(pid, until));
    };

    handle(
      socket,
      'party:join',
      PartyJoinRequest,
      async ({ pid }) => {
        const site = await ctx.sites.byUid(user.siteUid);
        const answer = await ctx.watchParty.join(user, site, pid, { count: !counted.has(pid) });
        if (answer.counted) counted.add(pid);
        await socket.join([
          roomName('party', site.uid, partyRoom(pid)),
          roomName('party', site.uid, memberRoom(pid, user.id)),
        ]);
        return { session: answer.session, state: answer.state };
      },
      log,
    );

    handle(
      socket,
      'party:leave',
      PartyJoinRequest,
      async ({ pid }) => {
        await socket.leave(roomName('party', user.siteUid, partyRoom(pid)));
        await socket.leave(roomName('party', user.siteUid, memberRoom(pid, user.id)));
        if (counted.has(pid)) await closed(pid);
        return {};
      },
      log,
    );

    handle(
      socket,
      'party:message',
      PartyEnvelope,
      async ({ pid, message }) => {
        const receivedAt = ctx.now();
        admitMessage(receivedAt);
        if (!socket.rooms.has(roomName('party', user.siteUid, partyRoom(pid)))) {
          throw new AppError(403, 'notMember', 'Join the Watch Party first');
        }
        if (message.type === 'party.clock.ping')
          return { pong: ctx.watchParty.pong(message.clientSentAt, receivedAt) };
        return ctx.watchParty.message(user, pid, message);
      },
      log,
    );

    socket.on('disconnect', () => {
      for (const pid of [...counted]) {
        closed(pid).catch((err: unknown) => log.error({ err, pid }, 'watch party: socket close failed'));
      }
    });
  };

  return {
    feature,
    attach(g: RealtimeGateway) {
      gateway = g;
    },
    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
