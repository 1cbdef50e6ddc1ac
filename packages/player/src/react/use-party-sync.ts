import type { PartyTimeline } from '@marquee/contract';
import { useEffect, useRef, useState } from 'react';
import type { Player } from '../player';
import { partyMedia } from '../party/media';
import { bindPartySync, type PartySync, type PartyTransport } from '../party/session';

export type UsePartySyncOptions = {
  /** Null while the player is not mounted (the sync starts with it). */
  player: Player | null;
  /** Null: not in the party (nothing runs). */
  role: 'host' | 'guest' | null;
  /** The room's timeline from `party:join`. */
  initial: PartyTimeline | null;
  transport: PartyTransport | null;
  /** False while an ad, the age gate or loading owns the element. */
  ready: boolean;
};

/**
 * Party sync on the mounted player (decisions 0042, 0046): the host's controls drive the room, a
 * guest's player follows it. Answers whether the viewer lost sync (the spec's bot message), and
 * `resync` to follow again; the sync restarts when the role changes (a new host).
 */
export function usePartySync({ player, role, initial, transport, ready }: UsePartySyncOptions) {
  const [desync, setDesync] = useState<string | null>(null);
  // The role whose binding knows the shared clock: a new role (a new host) starts a new binding,
  // which must learn it again before its controls drive the room.
  const [clockRole, setClockRole] = useState<string | null>(null);
  const sync = useRef<PartySync | null>(null);
  const first = useRef(initial);
  first.current = initial;

  useEffect(() => {
    if (!player || !role || !transport) return;
    const bound = bindPartySync({
      media: partyMedia(player),
      events: player.video,
      role,
      initial: first.current,
      transport,
      onDesync: setDesync,
      onClock: () => setClockRole(role),
    });
    sync.current = bound;
    return () => {
      bound.destroy();
      sync.current = null;
      setClockRole(null);
    };
  }, [player, role, transport]);

  // A rejoin (after a reconnect) brings the room's current state: follow from there.
  useEffect(() => {
    if (initial) sync.current?.receive(initial);
  }, [initial]);

  useEffect(() => {
    sync.current?.setReady(ready);
  }, [ready, player, role, transport]);

  return {
    /** The shared clock is known: the host's controls now drive the room. */
    clockKnown: !!role && clockRole === role,
    desync,
    resync: () => {
      setDesync(null);
      sync.current?.resync();
    },
    /** The host's own action from outside the player (the End button). */
    act: (kind: 'play' | 'pause' | 'seek' | 'end', target?: number) => sync.current?.act(kind, target),
  };
}
