import { chatIdOf, onlineShown } from '@marquee/domain';
import type { FastifyBaseLogger } from 'fastify';
import { roomName, type RealtimeGateway } from '../realtime';
import type { ChatRoom } from './chat-core';

export type ChatPresence = ReturnType<typeof createChatPresence>;

/**
 * The online count of chat rooms (§9 "online-user threshold comes from config", decision 0053):
 * the distinct signed-in users whose sockets joined the room, on every node (the Redis adapter's
 * fetchSockets), broadcast as `chat:online` with the count once it reaches the site's threshold
 * (else null). A join or leave on this node schedules one recount of the room `recountMs` later;
 * more joins meanwhile fold into it, so a crowd arriving costs one count and one broadcast.
 */
export function createChatPresence(deps: {
  /** The gateway, once registered. */
  gateway: () => Pick<RealtimeGateway, 'io'>;
  /** The site's chat.onlineUserThreshold. */
  threshold: (siteUid: string) => Promise<number>;
  recountMs: number;
  log: FastifyBaseLogger;
}) {
  const pending = new Map<string, ReturnType<typeof setTimeout>>();
  /** What this node last broadcast per room, for a socket that joins before the next recount. */
  const shown = new Map<string, number | null>();
  let stopped = false;

  async function recount(siteUid: string, room: ChatRoom): Promise<void> {
    const name = roomName('chat', siteUid, room);
    try {
      const { io } = deps.gateway();
      const threshold = await deps.threshold(siteUid);
      // Off (the default): nothing to count, unless a count is on show since it was switched off.
      if (threshold === 0 && !shown.has(name)) return;
      const sockets = threshold === 0 ? [] : await io.in(name).fetchSockets();
      const users = new Set(sockets.map((s) => s.data.user.id)).size;
      const online = onlineShown(users, threshold);
      if (users === 0) shown.delete(name);
      else shown.set(name, online);
      if (!stopped) io.to(name).emit('chat:online', { chatId: chatIdOf(room), online });
    } catch (err) {
      // A node that did not answer in time: the next join or leave counts again.
      if (!stopped) deps.log.warn({ err, room: name }, 'chat: online recount failed');
    }
  }

  return {
    /** Someone joined or left the room on this node: recount it once the interval is over. */
    changed(siteUid: string, room: ChatRoom): void {
      const name = roomName('chat', siteUid, room);
      if (stopped || pending.has(name)) return;
      const timer = setTimeout(() => {
        pending.delete(name);
        void recount(siteUid, room);
      }, deps.recountMs);
      timer.unref();
      pending.set(name, timer);
    },

    /** The count this node last broadcast to the room (null: hidden, or not counted yet). */
    shown: (siteUid: string, room: ChatRoom): number | null =>
      shown.get(roomName('chat', siteUid, room)) ?? null,

    /** The app closes: no more recounts. */
    stop(): void {
      stopped = true;
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    },
  };
}
