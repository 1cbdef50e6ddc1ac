import { randomInt, randomUUID } from 'node:crypto';
import type {
  PartyAction,
  PartyClientMessage,
  PartyClockPong,
  PartyMessageAnswer,
  PartyServerMessage,
  PartyState,
  PartyTimeline,
  UpdateWatchPartyBody,
  Video,
  WatchPartySession,
} from '@marquee/contract';
import {
  afterHostDrop,
  hostingRefusal,
  isDesynced,
  nextMismatchCount,
  normalizePartyCode,
  PARTY_CODE_ALPHABET,
  PARTY_CODE_LENGTH,
  PARTY_DESYNC_MESSAGE,
  PARTY_MAX_MISMATCHES,
  PARTY_MESSAGES,
  PARTY_TTL_MS,
  partyLobbyPath,
  type PartyMember,
  type PartySessionState,
  type Permission,
} from '@marquee/domain';
import type { WatchPartiesTable, WatchPartyMembersTable } from '../../db/schema';
import type { DomainEvents } from '../../infra/event-bus';
import type { AuthUser } from '../../plugins/auth';
import { AppError, badRequest } from '../../plugins/errors';
import type { Site } from '../sites';
import type { WatchPartyRepository } from './watch-party.repository';

export type WatchPartyService = ReturnType<typeof createWatchPartyService>;

/** What a party change tells every node's sockets (the realtime feature relays it to the room). */
export type PartyChange = DomainEvents['partyChanged'];

/** The content kinds a party can watch: one playable title (not a series or a channel). */
const PARTY_CONTENT = new Set(['video', 'episode', 'movie', 'liveEvent']);

const invalid = () => new AppError(404, 'invalidWatchParty', PARTY_MESSAGES.invalid);
const expired = () => new AppError(410, 'watchPartyExpired', PARTY_MESSAGES.expired);
const hostOnly = () => new AppError(403, 'hostOnly', PARTY_MESSAGES.hostOnly);

const timelineOf = (row: WatchPartiesTable): PartyTimeline => ({
  seq: row.tl_seq,
  at: Number(row.tl_at),
  position: row.tl_position,
  playing: row.tl_playing === 1,
});

/**
 * Watch parties (playback-and-social §3, §4.9, §7; decisions 0042 and 0046): the session calls of
 * §7 and the room the socket carries. Every rule reads and writes the database, never a node's
 * memory, so members on different nodes share one party; changes go out as `partyChange` events
 * that the realtime feature sends to the party's room on every node.
 */
export function createWatchPartyService(deps: {
  repo: WatchPartyRepository;
  catalog: {
    video: (site: string, uid: string) => Promise<Video>;
    liveEvent: (site: string, uid: string) => Promise<Video>;
  };
  /** A user's display name (first name, else the e-mail's local part). */
  userName: (user: AuthUser) => Promise<string>;
  roles: { can: (user: AuthUser, siteUid: string, permission: Permission) => Promise<boolean> };
  publish: (change: PartyChange) => void;
  now: () => number;
}) {
  const { repo, catalog, roles, now } = deps;
  const iso = (ms: number) => new Date(ms).toISOString();

  /** The party's state as clients see it: past its expiry it has ended, stored or not. */
  const stateOf = (row: WatchPartiesTable): PartySessionState =>
    row.state === 'ended' || Number(row.expires_at) <= now() ? 'ended' : (row.state as PartySessionState);

  /** The caller's site's party, else 'invalid Watch Party' (another site's is not revealed). */
  async function load(siteUid: string, pid: string): Promise<WatchPartiesTable> {
    const row = await repo.find(pid);
    if (!row || row.site_uid !== siteUid) throw invalid();
    return row;
  }

  /** The caller may use parties on this site: their own site, with the watchParty perm on. */
  function checkSite(user: AuthUser, site: Site): void {
    if (site.uid !== user.siteUid)
      throw new AppError(403, 'wrongSite', 'This account belongs to another site', 'site');
    if (!site.perms.watchParty) throw new AppError(403, 'watchPartyDisabled', PARTY_MESSAGES.unavailable);
  }

  async function session(row: WatchPartiesTable, site?: Site): Promise<WatchPartySession> {
    const members = await repo.members(row.pid);
    const name = (id: string) => members.find((m) => m.user_id === id)?.name ?? '';
    const host = site?.hosts[0];
    const path = partyLobbyPath(row.pid);
    return {
      pid: row.pid,
      link: host ? `https://${host}${path}` : path,
      code: row.code,
      owner: row.owner_id,
      ownerName: name(row.owner_id),
      host: row.host_id,
      hostName: name(row.host_id),
      state: stateOf(row),
      contentId: row.content_id,
      channel: row.channel_id,
      isLive: row.is_live === 1,
      createdAt: row.created_at,
      expiresAt: iso(Number(row.expires_at)),
      members: members.map((m) => ({
        userId: m.user_id,
        name: m.name,
        connected: m.sockets > 0,
        canHost: m.can_host === 1,
      })),
    };
  }

  const roomState = (row: WatchPartiesTable): PartyState => ({
    type: 'party.state',
    hostId: row.host_id,
    ended: stateOf(row) === 'ended',
    timeline: timelineOf(row),
  });

  /** Re-reads the party and tells the room its session (and, with `message`, a sync message). */
  async function announce(pid: string, message?: PartyServerMessage): Promise<WatchPartySession> {
    const row = (await repo.find(pid))!;
    const s = await session(row);
    deps.publish({ siteUid: row.site_uid, pid, session: s, message });
    return s;
  }

  /** Ends the party (the host's `end`, a moderator's, the host drop rule, or its expiry). */
  async function end(row: WatchPartiesTable): Promise<void> {
    const tl = timelineOf(row);
    if (await repo.setState(row.pid, ['notStarted', 'active'], 'ended', { ...tl, playing: false })) {
      const fresh = (await repo.find(row.pid))!;
      await announce(row.pid, roomState(fresh));
    }
  }

  /** A party past its expiry is ended in storage too the first time anyone looks. */
  async function settle(row: WatchPartiesTable): Promise<WatchPartiesTable> {
    if (row.state !== 'ended' && stateOf(row) === 'ended') {
      await end(row);
      return (await repo.find(row.pid))!;
    }
    return row;
  }

  const mayModerate = (user: AuthUser, row: WatchPartiesTable) =>
    roles.can(user, row.site_uid, 'party.moderate');

  /** Host or moderator, else 403 'Only the host can do this'. */
  async function requireHostOrModerator(user: AuthUser, row: WatchPartiesTable): Promise<void> {
    if (row.host_id !== user.id && !(await mayModerate(user, row))) throw hostOnly();
  }

  function newCode(): string {
    let code = '';
    for (let i = 0; i < PARTY_CODE_LENGTH; i++)
      code += PARTY_CODE_ALPHABET[randomInt(PARTY_CODE_ALPHABET.length)];
    return code;
  }

  async function memberRow(user: AuthUser, pid: string, canHost: boolean): Promise<WatchPartyMembersTable> {
    return {
      pid,
      user_id: user.id,
      name: await deps.userName(user),
      joined_at: now(),
      sockets: 0,
      ready: 1,
      can_host: canHost ? 1 : 0,
      mismatches: 0,
    };
  }

  /**
   * The host drop rule (decision 0042, `afterHostDrop`): a host whose last socket closed has the
   * grace time to come back; then the host changes to a member who may host, or the party ends.
   * Answers when to look again (null: nothing to wait for).
   */
  async function checkHost(pid: string): Promise<number | null> {
    const row = await repo.find(pid);
    if (!row || row.state === 'ended' || row.host_dropped_at === null) return null;
    const members = await repo.members(pid);
    const roomMembers: PartyMember[] = members.map((m) => ({
      userId: m.user_id,
      joinedAt: Number(m.joined_at),
      connected: m.sockets > 0,
      ready: m.ready === 1,
      canHost: m.can_host === 1,
    }));
    const outcome = afterHostDrop(roomMembers, row.host_id, Number(row.host_dropped_at), now());
    if (outcome.kind === 'keep') {
      await repo.setHostDropped(pid, row.host_id, null);
      return null;
    }
    if (outcome.kind === 'wait') return outcome.untilMs;
    if (outcome.kind === 'end') await end(row);
    else if (await repo.setHost(pid, row.host_id, outcome.hostId)) {
      const fresh = (await repo.find(pid))!;
      await announce(pid, roomState(fresh));
    }
    return null;
  }

  return {
    /** `POST watch-party/{id}[?isLive=true]`: the caller hosts a new party of content `id`. */
    async create(
      user: AuthUser,
      site: Site,
      contentId: string,
      opts: { isLive: boolean; source?: string },
    ): Promise<WatchPartySession> {
      checkSite(user, site);
      const video = opts.isLive
        ? await catalog.liveEvent(site.uid, contentId)
        : await catalog.video(site.uid, contentId);
      if (!PARTY_CONTENT.has(video.type))
        throw badRequest('id', `A ${video.type} cannot be watched in a Watch Party`);
      if (!opts.isLive && video.type === 'liveEvent')
        throw badRequest('isLive', 'A live event party needs isLive=true');
      const refusal = hostingRefusal(opts.source, video.type);
      if (refusal) throw new AppError(403, refusal, PARTY_MESSAGES[refusal]);
      const at = now();
      const pid = randomUUID();
      const host = await memberRow(user, pid, true);
      for (let attempt = 0; attempt < 5; attempt++) {
        const row: WatchPartiesTable = {
          pid,
          site_uid: site.uid,
          code: newCode(),
          owner_id: user.id,
          host_id: user.id,
          content_id: video.uid,
          content_type: video.type,
          channel_id: video.metadata.channel,
          is_live: opts.isLive ? 1 : 0,
          state: 'notStarted',
          tl_seq: 0,
          tl_at: at,
          tl_position: 0,
          tl_playing: 0,
          host_dropped_at: null,
          created_at: iso(at),
          expires_at: at + PARTY_TTL_MS,
        };
        if (await repo.create(row, host)) return session(row, site);
      }
      throw new AppError(503, 'serviceUnavailable', 'Service unavailable, try again');
    },

    /** `GET watch-party/{id}`. */
    async get(user: AuthUser, site: Site, pid: string): Promise<WatchPartySession> {
      checkSite(user, site);
      return session(await settle(await load(site.uid, pid)), site);
    },

    /** The TV's short code → the party (ended ones too: the screen says it ended). */
    async byCode(user: AuthUser, site: Site, input: string): Promise<WatchPartySession> {
      checkSite(user, site);
      const code = normalizePartyCode(input);
      if (!code) throw badRequest('code', `code must be ${PARTY_CODE_LENGTH} letters and digits`);
      const row = await repo.findByCode(site.uid, code);
      if (!row) throw invalid();
      return session(await settle(row), site);
    },

    /** `GET watch-party/{id}/content`: the party's video (or live event), as the catalog serves it. */
    async content(user: AuthUser, site: Site, pid: string): Promise<Video> {
      checkSite(user, site);
      const row = await load(site.uid, pid);
      return row.is_live === 1
        ? catalog.liveEvent(site.uid, row.content_id)
        : catalog.video(site.uid, row.content_id);
    },

    /** `PATCH watch-party/{id}` with action start, joined, end or changeHost. */
    async update(
      user: AuthUser,
      site: Site,
      pid: string,
      body: UpdateWatchPartyBody,
      source?: string,
    ): Promise<WatchPartySession> {
      checkSite(user, site);
      const row = await settle(await load(site.uid, pid));
      if (stateOf(row) === 'ended') throw expired();
      switch (body.action) {
        case 'start':
          // "The host starts the party."
          if (row.host_id !== user.id) throw hostOnly();
          if (await repo.setState(pid, ['notStarted'], 'active')) await announce(pid);
          break;
        case 'joined':
          // "A non-host joins": any viewer of the site with the link; a repeat changes nothing.
          if (!(await repo.member(pid, user.id))) {
            const canHost = hostingRefusal(source, row.content_type) === null;
            await repo.addMember(await memberRow(user, pid, canHost));
            await announce(pid);
          }
          break;
        case 'end':
          // "The host ends it" (or a moderator: decision 0044's party.moderate).
          await requireHostOrModerator(user, row);
          await end(row);
          break;
        case 'changeHost': {
          await requireHostOrModerator(user, row);
          const next = await repo.member(pid, body.hostId);
          if (!next) throw badRequest('hostId', 'hostId is not a member of this Watch Party');
          if (next.can_host !== 1)
            throw new AppError(409, 'cannotHost', 'This member cannot host (mobile, or a movie off desktop)');
          if (next.user_id !== row.host_id && (await repo.setHost(pid, row.host_id, next.user_id))) {
            const fresh = (await repo.find(pid))!;
            await announce(pid, roomState(fresh));
          }
          break;
        }
      }
      return session((await repo.find(pid))!, site);
    },

    // ---- the socket side ----

    /**
     * `party:join`: a member (the host included) follows the room; anyone of the site may wait in
     * a party's lobby (not started) for the start. Answers the session and the room's state; for a
     * member, counts the socket (`countSocket`: false for a lobby watcher).
     */
    async join(
      user: AuthUser,
      site: Site,
      pid: string,
      opts: { count: boolean } = { count: true },
    ): Promise<{ session: WatchPartySession; state: PartyState; counted: boolean }> {
      checkSite(user, site);
      const row = await settle(await load(site.uid, pid));
      if (stateOf(row) === 'ended') throw expired();
      const member = await repo.member(pid, user.id);
      if (!member && row.state !== 'notStarted')
        throw new AppError(403, 'notMember', 'Join the Watch Party first');
      if (member && opts.count) {
        await repo.addSocket(pid, user.id, 1);
        if (row.host_id === user.id) await repo.setHostDropped(pid, user.id, null);
      }
      const fresh = (await repo.find(pid))!;
      const s = member && opts.count ? await announce(pid) : await session(fresh, site);
      return { session: s, state: roomState(fresh), counted: !!member };
    },

    /**
     * A member's party socket closed (or left). When it was the host's last one, the host drop
     * rule starts: answers when to run `checkHost` (null: nothing to do).
     */
    async socketClosed(user: AuthUser, pid: string): Promise<number | null> {
      const left = await repo.addSocket(pid, user.id, -1);
      const row = await repo.find(pid);
      if (!row || row.state === 'ended') return null;
      await announce(pid);
      if (left > 0 || row.host_id !== user.id) return null;
      await repo.setHostDropped(pid, user.id, now());
      return checkHost(pid);
    },

    checkHost,

    /** Answers a clock ping with the server's receive and send times (NTP t1, t2). */
    pong(clientSentAt: number, receivedAt: number): PartyClockPong {
      return { type: 'party.clock.pong', clientSentAt, serverReceivedAt: receivedAt, serverSentAt: now() };
    },

    /** `party:message` other than a clock ping: a host action or report, a guest report, ready. */
    async message(
      user: AuthUser,
      pid: string,
      message: Exclude<PartyClientMessage, { type: 'party.clock.ping' }>,
    ): Promise<PartyMessageAnswer> {
      const row = await load(user.siteUid, pid);
      if (stateOf(row) === 'ended') throw expired();
      const member = await repo.member(pid, user.id);
      if (!member) throw new AppError(403, 'notMember', 'Join the Watch Party first');
      const isHost = row.host_id === user.id;
      switch (message.type) {
        case 'party.action': {
          // "The host controls play, pause and end."
          if (!isHost) throw hostOnly();
          if (row.state !== 'active')
            throw new AppError(409, 'notStarted', 'The host has not started the party');
          const action: PartyAction = message;
          if (!(await repo.writeTimeline(pid, user.id, action))) return {}; // late or repeated
          if (action.kind === 'end') {
            await end((await repo.find(pid))!);
            return {};
          }
          deps.publish({ siteUid: row.site_uid, pid, message: action });
          return {};
        }
        case 'party.progress': {
          if (isHost) {
            if (row.state === 'active' && (await repo.writeTimeline(pid, user.id, message))) {
              const fresh = (await repo.find(pid))!;
              deps.publish({ siteUid: row.site_uid, pid, message: roomState(fresh) });
            }
            return {};
          }
          // A guest's report, against the room's timeline at the report's time (§4.9's mismatch rule).
          if (row.host_dropped_at !== null) await checkHost(pid);
          if (row.state !== 'active' || member.ready !== 1) return { mismatches: 0, desynced: false };
          const tl = timelineOf(row);
          const hostAt = tl.playing ? tl.position + Math.max(0, message.at - tl.at) / 1000 : tl.position;
          const mismatches = nextMismatchCount(member.mismatches, message.position - hostAt);
          await repo.setMember(pid, user.id, { mismatches });
          const desynced = isDesynced(mismatches);
          // "After more than 5 position mismatches the viewer is desynchronised": told once, as it happens.
          if (desynced && member.mismatches <= PARTY_MAX_MISMATCHES) {
            deps.publish({
              siteUid: row.site_uid,
              pid,
              userId: user.id,
              message: { type: 'party.desync', mismatches, message: PARTY_DESYNC_MESSAGE },
            });
          }
          return { mismatches, desynced };
        }
        case 'party.ready':
          // Not ready (an ad, the age gate, loading): nobody waits, and no mismatch is counted.
          await repo.setMember(pid, user.id, {
            ready: message.ready ? 1 : 0,
            ...(message.ready ? {} : { mismatches: 0 }),
          });
          return {};
      }
    },
  };
}
