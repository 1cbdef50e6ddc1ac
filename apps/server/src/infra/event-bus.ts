import type { PartyServerMessage, WatchPartySession } from '@marquee/contract';

/**
 * The in-process domain events, by name, with their payloads. Modules react to each other through
 * these instead of threaded callbacks; the realtime layer will carry them across nodes.
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

/**
 * One bus per process (built in context.ts). `emit` is synchronous: every handler has run when it
 * returns, so a request that changed a purchase answers only after its subscribers (the
 * entitlements cache) saw the change — the order the callbacks it replaces had. Handlers are
 * therefore quick and synchronous; one that throws throws into the emitter, as a callback did.
 */
export function createEventBus<Events extends Record<string, unknown> = DomainEvents>() {
  const handlers = new Map<keyof Events, Handler<never>[]>();
  return {
    /** Subscribes to an event; answers the unsubscribe. */
    on<E extends keyof Events>(name: E, handler: Handler<Events[E]>): () => void {
      const list = handlers.get(name) ?? [];
      handlers.set(name, [...list, handler as Handler<never>]);
      return () =>
        handlers.set(
          name,
          (handlers.get(name) ?? []).filter((h) => h !== handler),
        );
    },
    emit<E extends keyof Events>(name: E, payload: Events[E]): void {
      for (const handler of handlers.get(name) ?? []) (handler as Handler<Events[E]>)(payload);
    },
  };
}
export type EventBus = ReturnType<typeof createEventBus<DomainEvents>>;
/** What a module that only announces changes holds. */
export type EventEmitter = Pick<EventBus, 'emit'>;
