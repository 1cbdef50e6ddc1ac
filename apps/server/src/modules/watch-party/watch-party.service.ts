import { createWatchPartyCore, type PartyChange, type WatchPartyDeps } from './watch-party-core';
import { createWatchPartyRoom } from './watch-party-room';
import { createWatchPartySessions } from './watch-party-sessions';

export type { PartyChange };
export type WatchPartyService = ReturnType<typeof createWatchPartyService>;

/**
 * Watch parties (playback-and-social §3, §4.9, §7; decisions 0042 and 0046): the session calls of
 * §7 and the room the socket carries. Every rule reads and writes the database, never a node's
 * memory, so members on different nodes share one party; changes go out as `partyChange` events
 * that the realtime feature sends to the party's room on every node. The composition of its parts:
 * `watch-party-core.ts` (what they share), `watch-party-sessions.ts` (the §7 calls) and
 * `watch-party-room.ts` (the synced room and the host drop rule).
 */
export function createWatchPartyService(deps: WatchPartyDeps) {
  const core = createWatchPartyCore(deps);
  return {
    ...createWatchPartySessions(core, deps),
    ...createWatchPartyRoom(core, deps),
  };
}
