import { z } from 'zod';
import { PARTY_DESYNC_MESSAGE, PARTY_STATES } from '@marquee/domain';
import { ClientQuery } from './common';

/**
 * Watch-party sync messages over the party socket (playback-and-social §4.9; decision 0042). Times
 * named `…At` are milliseconds: on the *shared clock* (the server's) unless they say `client`.
 * Positions are seconds of media. Every message carries its `type`, so one socket event can carry
 * them all and be checked with `PartyClientMessage` / `PartyServerMessage`.
 */

const epochMs = (field: string) =>
  z
    .number({ message: `${field} must be a number of milliseconds` })
    .min(0, `${field} must be 0 or more`)
    .max(8.64e15, `${field} is out of range`);

const position = z
  .number({ message: 'position must be a number of seconds' })
  .min(0, 'position must be 0 or more')
  .max(7 * 24 * 3600, 'position is out of range');

const seq = z
  .number({ message: 'seq must be a whole number' })
  .int('seq must be a whole number')
  .min(0, 'seq must be 0 or more')
  .max(Number.MAX_SAFE_INTEGER, 'seq is out of range');

/** Clock sample, client → server: `clientSentAt` is the client's own clock (NTP t0). */
export const PartyClockPing = z.object({
  type: z.literal('party.clock.ping'),
  clientSentAt: epochMs('clientSentAt'),
});
export type PartyClockPing = z.infer<typeof PartyClockPing>;

/** Clock sample, server → client: the ping's t0 echoed, with the server's receive (t1) and send (t2) times. */
export const PartyClockPong = z.object({
  type: z.literal('party.clock.pong'),
  clientSentAt: epochMs('clientSentAt'),
  serverReceivedAt: epochMs('serverReceivedAt'),
  serverSentAt: epochMs('serverSentAt'),
});
export type PartyClockPong = z.infer<typeof PartyClockPong>;

/**
 * Where the host's media is: at shared time `at` it is at `position`, and plays on at rate 1 if
 * `playing`. `seq` counts the host's actions; a host progress report keeps the seq of the last action.
 */
export const PartyTimeline = z.object({
  seq,
  at: epochMs('at'),
  position,
  playing: z.boolean({ message: 'playing must be true or false' }),
});
export type PartyTimeline = z.infer<typeof PartyTimeline>;

/** "The host controls play, pause and end", plus seek. */
export const PARTY_ACTION_KINDS = ['play', 'pause', 'seek', 'end'] as const;
export type PartyActionKind = (typeof PARTY_ACTION_KINDS)[number];

/** A host action, host → server → guests: it takes effect everywhere at shared time `at` (a moment ahead). */
export const PartyAction = PartyTimeline.extend({
  type: z.literal('party.action'),
  kind: z.enum(PARTY_ACTION_KINDS, { message: `kind must be one of ${PARTY_ACTION_KINDS.join(', ')}` }),
});
export type PartyAction = z.infer<typeof PartyAction>;

/** "Progress is signalled every 3 s", by the host (it re-anchors the guests) and by each guest. */
export const PartyProgress = PartyTimeline.extend({ type: z.literal('party.progress') });
export type PartyProgress = z.infer<typeof PartyProgress>;

/** A guest that cannot follow yet (buffering, an ad, the age gate) says so; nobody waits for it. */
export const PartyReady = z.object({
  type: z.literal('party.ready'),
  ready: z.boolean({ message: 'ready must be true or false' }),
});
export type PartyReady = z.infer<typeof PartyReady>;

/** Server → guest: the room as it is, on (re)join and with each host progress report. */
export const PartyState = z.object({
  type: z.literal('party.state'),
  hostId: z.string().min(1, 'hostId is required').max(128),
  ended: z.boolean(),
  timeline: PartyTimeline,
});
export type PartyState = z.infer<typeof PartyState>;

/** Server → guest: "After more than 5 position mismatches the viewer is desynchronised." */
export const PartyDesync = z.object({
  type: z.literal('party.desync'),
  mismatches: z.number().int().min(0),
  message: z.literal(PARTY_DESYNC_MESSAGE),
});
export type PartyDesync = z.infer<typeof PartyDesync>;

export const PartyClientMessage = z.discriminatedUnion('type', [
  PartyClockPing,
  PartyAction,
  PartyProgress,
  PartyReady,
]);
export type PartyClientMessage = z.infer<typeof PartyClientMessage>;

export const PartyServerMessage = z.discriminatedUnion('type', [
  PartyClockPong,
  PartyAction,
  PartyState,
  PartyDesync,
]);
export type PartyServerMessage = z.infer<typeof PartyServerMessage>;

// ---- Sessions over HTTP (playback-and-social §3, §7; decision 0046) ----

const partyId = z
  .string({ message: 'id is required' })
  .min(1, 'id is required')
  .max(64, 'id is too long')
  .regex(/^[A-Za-z0-9_-]+$/, 'id: letters, digits, _ and - only');

/** `watch-party/{id}`: a content uid when creating, the party's pid otherwise. */
export const WatchPartyParams = z.object({ site: z.string().min(1).max(64), id: partyId });
export type WatchPartyParams = z.infer<typeof WatchPartyParams>;

export const WatchPartyCodeParams = z.object({
  site: z.string().min(1).max(64),
  code: z.string().min(1, 'code is required').max(16, 'code is too long'),
});
export type WatchPartyCodeParams = z.infer<typeof WatchPartyCodeParams>;

/** `POST watch-party/{id}[?isLive=true]`. */
export const CreateWatchPartyQuery = ClientQuery.extend({
  isLive: z
    .enum(['true', 'false'], { message: 'isLive must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
});
export type CreateWatchPartyQuery = z.infer<typeof CreateWatchPartyQuery>;

/** `PATCH watch-party/{id}` with action changeHost, end, joined or start. */
export const UpdateWatchPartyBody = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('start') }),
    z.object({ action: z.literal('joined') }),
    z.object({ action: z.literal('end') }),
    z.object({
      action: z.literal('changeHost'),
      hostId: z.string({ message: 'hostId is required' }).min(1, 'hostId is required').max(128),
    }),
  ],
  { message: 'action must be one of start, joined, end, changeHost' },
);
export type UpdateWatchPartyBody = z.infer<typeof UpdateWatchPartyBody>;

export const WatchPartyMember = z.object({
  userId: z.string(),
  name: z.string(),
  connected: z.boolean(),
  canHost: z.boolean(),
});
export type WatchPartyMember = z.infer<typeof WatchPartyMember>;

/** §3 "Watch-party session: pid, link, owner, host, state, contentId, channel, ownerName", and more. */
export const WatchPartySession = z
  .object({
    pid: z.string(),
    /** The link to share: the live route for a live event, else the lobby (decision 0051); absolute when the site has a host. */
    link: z.string(),
    /** The short code a TV can join with (`GET watch-party-code/{code}`). */
    code: z.string(),
    owner: z.string(),
    ownerName: z.string(),
    host: z.string(),
    hostName: z.string(),
    state: z.enum(PARTY_STATES),
    contentId: z.string(),
    channel: z.string().nullable(),
    isLive: z.boolean(),
    createdAt: z.string(),
    expiresAt: z.string(),
    members: z.array(WatchPartyMember),
  })
  .meta({ id: 'WatchPartySession' });
export type WatchPartySession = z.infer<typeof WatchPartySession>;

// ---- Over the socket ----

/** `party:join`: the caller's socket follows the party (a member, or anyone while it waits in the lobby). */
export const PartyJoinRequest = z.object({ pid: partyId });
export type PartyJoinRequest = z.infer<typeof PartyJoinRequest>;

/** `party:message`: one sync message for the party `pid`. */
export const PartyEnvelope = z.object({ pid: partyId, message: PartyClientMessage });
export type PartyEnvelope = z.infer<typeof PartyEnvelope>;

/** `party:join`'s answer: the session, and (once it has started) the room's state to follow from. */
export type PartyJoinAnswer = { session: WatchPartySession; state: PartyState };

/** `party:message`'s answer: a pong for a ping; the mismatch count for a guest's progress. */
export type PartyMessageAnswer = {
  pong?: PartyClockPong;
  mismatches?: number;
  desynced?: boolean;
};
