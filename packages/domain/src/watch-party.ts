// Watch party sync rules (playback-and-social §4.9 and §9: "Progress is signalled every 3 s. Sync
// tolerance is 5 s. After more than 5 position mismatches the viewer is desynchronised. The bot
// message is 'You have lost sync with the host.'").
import { ms } from './units';

export const PARTY_PROGRESS_INTERVAL_MS = ms(3000);
export const PARTY_SYNC_TOLERANCE_S = 5;
/** Desynchronised after *more than* this many mismatches in a row. */
export const PARTY_MAX_MISMATCHES = 5;
export const PARTY_DESYNC_MESSAGE = 'You have lost sync with the host.';

/**
 * The mismatch count after one progress check: a viewer more than the tolerance away from the host
 * adds one, a viewer within it starts again from zero (a mismatch is counted in a row, so one seek
 * that a viewer follows a little late never adds up to a desync over a long party).
 */
export function nextMismatchCount(count: number, driftS: number): number {
  return Math.abs(driftS) > PARTY_SYNC_TOLERANCE_S ? count + 1 : 0;
}

/** "After more than 5 position mismatches the viewer is desynchronised." */
export const isDesynced = (mismatches: number): boolean => mismatches > PARTY_MAX_MISMATCHES;

/** A party member as the room sees it. */
export type PartyMember = {
  userId: string;
  /** When they joined (ms); the longest present takes over first. */
  joinedAt: number;
  connected: boolean;
  /** Their player is following (not in an ad, a gate or loading). */
  ready: boolean;
  /** "Hosting is disabled on mobile, and is desktop-only for movies": the caller decides per device. */
  canHost: boolean;
};

/** How long a host that dropped (without leaving) has to come back before the room moves on. */
export const PARTY_HOST_GRACE_MS = ms(30_000);

/**
 * Who takes over from `hostId`: a connected member who may host, ready ones first (they can drive
 * playback at once), then the longest present. Null when nobody can: the party ends.
 */
export function nextHost(members: readonly PartyMember[], hostId: string): string | null {
  const candidates = members
    .filter((m) => m.userId !== hostId && m.connected && m.canHost)
    .sort(
      (a, b) =>
        Number(b.ready) - Number(a.ready) || a.joinedAt - b.joinedAt || a.userId.localeCompare(b.userId),
    );
  return candidates[0]?.userId ?? null;
}

export type HostDropOutcome =
  | { kind: 'keep' }
  | { kind: 'wait'; untilMs: number }
  | { kind: 'changeHost'; hostId: string }
  | { kind: 'end' };

/**
 * A host that dropped at `droppedAt` (their socket closed; a host who leaves confirms and chooses,
 * §4.9): within the grace time the room waits and plays on, guests following the shared timeline
 * without the host; after it, the host changes (§7 `changeHost`) or, with nobody to take over, the
 * party ends (§7 `end`): the same calls a host would make, so clients see the usual states.
 */
export function afterHostDrop(
  members: readonly PartyMember[],
  hostId: string,
  droppedAt: number,
  nowMs: number,
): HostDropOutcome {
  const host = members.find((m) => m.userId === hostId);
  if (host?.connected) return { kind: 'keep' }; // back in time
  if (nowMs < droppedAt + PARTY_HOST_GRACE_MS)
    return { kind: 'wait', untilMs: droppedAt + PARTY_HOST_GRACE_MS };
  const next = nextHost(members, hostId);
  return next === null ? { kind: 'end' } : { kind: 'changeHost', hostId: next };
}
