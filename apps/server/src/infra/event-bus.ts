import { randomUUID } from 'node:crypto';
import type { PartyServerMessage, WatchPartySession } from '@marquee/contract';
import type { Redis } from 'ioredis';
import { connectRedis, forgiving } from './redis';

/**
 * The domain events, by name, with their payloads. Modules react to each other through these
 * instead of threaded callbacks.
 */
export type DomainEvents = {
  /** A purchase was written or moved (bought, renewed, suspended, canceled…): its buyer's access may differ. */
  purchaseChanged: { siteUid: string; userId: string };
  /** A watch party changed (session, sync message): the realtime feature tells its room on every node. */
  partyChanged: {
    siteUid: string;
    pid: string;
    session?: WatchPartySession;
    message?: PartyServerMessage;
    /** Only to this user's sockets in the room (a desync is the viewer's own business). */
    userId?: string;
  };
};

type Handler<P> = (payload: P) => void;

/** Carries events between the nodes of a deployment (Redis pub/sub); see `createRedisEventRelay`. */
export type EventRelay = {
  publish(name: string, payload: unknown): void;
  /** Calls `deliver` for each event another node published. */
  subscribe(deliver: (name: string, payload: unknown) => void): void;
  close(): Promise<void>;
};

/**
 * One bus per process (built in context.ts). `emit` is synchronous: every handler of this node has
 * run when it returns, so a request that changed a purchase answers only after its subscribers (the
 * entitlements cache) saw the change. Handlers are therefore quick and synchronous; one that throws
 * throws into the emitter.
 *
 * Two kinds of handler: `on` runs for this node's events only (an effect that must happen once,
 * such as a database write); `onEveryNode` also runs when another node emits, through the relay
 * (what every node keeps for itself, such as a cache). An event with an `onEveryNode` handler is
 * published to the relay; without a relay (one node) both kinds are the same.
 */
export function createEventBus<Events extends Record<string, unknown> = DomainEvents>(relay?: EventRelay) {
  const local = new Map<keyof Events, Handler<never>[]>();
  const everyNode = new Map<keyof Events, Handler<never>[]>();

  function add<E extends keyof Events>(table: typeof local, name: E, handler: Handler<Events[E]>) {
    table.set(name, [...(table.get(name) ?? []), handler as Handler<never>]);
    return () =>
      table.set(
        name,
        (table.get(name) ?? []).filter((h) => h !== handler),
      );
  }
  function run<E extends keyof Events>(table: typeof local, name: E, payload: Events[E]) {
    for (const handler of table.get(name) ?? []) (handler as Handler<Events[E]>)(payload);
  }

  relay?.subscribe((name, payload) => run(everyNode, name as keyof Events, payload as never));

  return {
    /** Subscribes to this node's events; answers the unsubscribe. */
    on<E extends keyof Events>(name: E, handler: Handler<Events[E]>): () => void {
      return add(local, name, handler);
    },
    /** Subscribes to the event whichever node emits it; answers the unsubscribe. */
    onEveryNode<E extends keyof Events>(name: E, handler: Handler<Events[E]>): () => void {
      return add(everyNode, name, handler);
    },
    emit<E extends keyof Events>(name: E, payload: Events[E]): void {
      run(local, name, payload);
      run(everyNode, name, payload);
      if (relay && everyNode.get(name)?.length) relay.publish(String(name), payload);
    },
    close: () => relay?.close() ?? Promise.resolve(),
  };
}
export type EventBus = ReturnType<typeof createEventBus<DomainEvents>>;
/** What a module that only announces changes holds. */
export type EventEmitter = Pick<EventBus, 'emit'>;

/**
 * The relay of a deployment sharing `url`: one channel (`{prefix}events`), each message tagged with
 * its node so a node skips its own. Delivery is at most once: during a Redis outage events are lost,
 * which is why what they clear (the entitlements cache) also expires by itself within seconds.
 */
export function createRedisEventRelay(url: string, prefix: string): EventRelay {
  const node = randomUUID();
  const channel = `${prefix}events`;
  const publisher: Redis = forgiving(connectRedis(url));
  const subscriber: Redis = forgiving(connectRedis(url));
  return {
    publish(name, payload) {
      void publisher.publish(channel, JSON.stringify({ node, name, payload }));
    },
    subscribe(deliver) {
      void subscriber.subscribe(channel);
      subscriber.on('message', (_channel: string, text: string) => {
        let message: { node?: string; name?: string; payload?: unknown };
        try {
          message = JSON.parse(text) as typeof message;
        } catch {
          return;
        }
        if (message.node !== node && typeof message.name === 'string') deliver(message.name, message.payload);
      });
    },
    async close() {
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}
