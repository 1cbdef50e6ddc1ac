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

// ---- Sessions (playback-and-social §3, §4.9, §8; decision 0046) ----

/** §3 "state (active, ended, else not started)". */
export const PARTY_STATES = ['notStarted', 'active', 'ended'] as const;
export type PartySessionState = (typeof PARTY_STATES)[number];

/** §4.9 "Session state active shows 'Join the Party'. Ended shows that it ended. Otherwise it shows 'Start the Party'." */
export const PARTY_STATE_LABELS: Record<PartySessionState, string> = {
  active: 'Join the Party',
  ended: 'This Watch Party has ended',
  notStarted: 'Start the Party',
};

/** §8 "Watch party" messages, word for word. */
export const PARTY_MESSAGES = {
  createFailed: 'There was a problem processing your request..',
  desync: PARTY_DESYNC_MESSAGE,
  invalid: 'invalid Watch Party',
  expired: 'The session has either expired or is invalid',
  unavailable: "Watch Party' is unavailable for this site.",
  hostOnly: 'Only the host can do this',
  hostingOnMobile: 'Hosting a Watch Party is not available on mobile',
  moviesDesktopOnly: 'A movie Watch Party can be hosted on desktop only',
  hostingOnTv: 'A TV follows a Watch Party; it cannot host one',
} as const;

/** §2.3 "host has started, join now (Cancel/Join)". */
export const PARTY_HOST_STARTED_PROMPT = 'The host has started the party, join now?';

/** A party not ended by then is over: its links answer 'The session has either expired or is invalid'. */
export const PARTY_TTL_MS = ms(24 * 3600 * 1000);

/** The short code a TV types to join (no 0/O, 1/I/L: easy to read aloud and type with a remote). */
export const PARTY_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const PARTY_CODE_LENGTH = 6;

/** A code as typed (any case, spaces and dashes ignored), or null when it cannot be one. */
export function normalizePartyCode(input: string): string | null {
  const code = input.toUpperCase().replace(/[\s-]/g, '');
  if (code.length !== PARTY_CODE_LENGTH) return null;
  for (const ch of code) if (!PARTY_CODE_ALPHABET.includes(ch)) return null;
  return code;
}

/** The client kinds that count as mobile (§7 `__source` `webMobile`; native phone apps alike). */
const MOBILE_SOURCES = new Set(['webMobile', 'android', 'ios']);

/**
 * A TV type (§7: `__source` is the tv type, or web or webMobile; native phone apps as mobile): a
 * TV only follows a party (decision 0050), so it never hosts, nor takes over when the host drops.
 */
export const isTvSource = (source: string | undefined): boolean =>
  source !== undefined && source !== 'web' && !MOBILE_SOURCES.has(source);

/**
 * §4.9 "Hosting is disabled on mobile, and is desktop-only for movies" (discovery §2.7: the movie
 * page's watch party button is desktop only), and a TV never hosts: null when the device may host
 * this content, else why not.
 */
export function hostingRefusal(
  source: string | undefined,
  contentType: string,
): 'hostingOnMobile' | 'hostingOnTv' | 'moviesDesktopOnly' | null {
  if (source !== undefined && MOBILE_SOURCES.has(source)) return 'hostingOnMobile';
  if (contentType === 'movie' && source !== undefined && source !== 'web') return 'moviesDesktopOnly';
  if (isTvSource(source)) return 'hostingOnTv';
  return null;
}

/** The lobby link of a party, relative to the site's web origin (§2.2 `/watch-party?pid`). */
export const partyLobbyPath = (pid: string): string => `/watch-party?pid=${encodeURIComponent(pid)}`;

/**
 * The link a party is shared by (decision 0051): a live event's party is §2.2's "live event watch
 * party" route `/channel/{channelId}/live/{videoUid}/watch-party/{hostId}`, whose last segment
 * carries the pid (§2.2 variant channel-live-event-party: "pid (hostId in the route form)"); any
 * other party, or a live one without a channel, is the lobby `/watch-party?pid`.
 */
export function partyPath(party: {
  pid: string;
  isLive: boolean;
  channel: string | null;
  contentId: string;
}): string {
  if (!party.isLive || !party.channel) return partyLobbyPath(party.pid);
  const enc = encodeURIComponent;
  return `/channel/${enc(party.channel)}/live/${enc(party.contentId)}/watch-party/${enc(party.pid)}`;
}

/**
 * The live route names its event: a pid opened there must be a live party of that event (else
 * 'invalid Watch Party'), so a link cannot show one event's party under another's address.
 */
export const partyFitsLiveRoute = (
  party: { isLive: boolean; contentId: string },
  videoUid: string,
): boolean => party.isLive && party.contentId === videoUid;
