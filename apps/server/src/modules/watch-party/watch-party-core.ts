import type {
  PartyServerMessage,
  PartyState,
  PartyTimeline,
  Video,
  WatchPartySession,
} from '@marquee/contract';
import { PARTY_MESSAGES, partyPath, type PartySessionState, type Permission } from '@marquee/domain';
import type { WatchPartiesTable } from '../../db/schema';
import type { DomainEvents } from '../../infra/event-bus';
import type { AuthUser } from '../../plugins/auth';
import { AppError } from '../../plugins/errors';
import type { Site } from '../sites';
import type { WatchPartyRepository } from './watch-party.repository';
import type { RateLimiter } from '../../infra/rate-limiter';

/** What a party change tells every node's sockets (the realtime feature relays it to the room). */
export type PartyChange = DomainEvents['partyChanged'];

export type WatchPartyDeps = {
  repo: WatchPartyRepository;
  catalog: {
    video: (site: string, uid: string) => Promise<Video>;
    liveEvent: (site: string, uid: string) => Promise<Video>;
  };
  /** A user's display name (first name, else the e-mail's local part). */
  userName: (user: AuthUser) => Promise<string>;
  roles: { can: (user: AuthUser, siteUid: string, permission: Permission) => Promise<boolean> };
  publish: (change: PartyChange) => void;
  /** The shared limiter: party creation per user (a row, a code and a room each). */
  limiter: RateLimiter;
  now: () => number;
};

export const invalid = () => new AppError(404, 'invalidWatchParty', PARTY_MESSAGES.invalid);
export const expired = () => new AppError(410, 'watchPartyExpired', PARTY_MESSAGES.expired);
export const hostOnly = () => new AppError(403, 'hostOnly', PARTY_MESSAGES.hostOnly);

export const timelineOf = (row: WatchPartiesTable): PartyTimeline => ({
  seq: row.tl_seq,
  at: Number(row.tl_at),
  position: row.tl_position,
  playing: row.tl_playing === 1,
});

export type WatchPartyCore = ReturnType<typeof createWatchPartyCore>;

/**
 * What the session calls and the synced room share: loading a party of the caller's site, the
 * site check, a party's state and session as clients see them, the room's state, telling the
 * room (`announce`), and ending a party (also the first time anyone looks past its expiry).
 */
export function createWatchPartyCore(deps: WatchPartyDeps) {
  const { repo, now } = deps;
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
    // A live event's party is shared by its live route, others by the lobby (decision 0051).
    const path = partyPath({
      pid: row.pid,
      isLive: row.is_live === 1,
      channel: row.channel_id,
      contentId: row.content_id,
    });
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

  return { iso, stateOf, load, checkSite, session, roomState, announce, end, settle };
}
