import type {
  PartyAction,
  PartyClientMessage,
  PartyClockPong,
  PartyMessageAnswer,
  PartyState,
  WatchPartySession,
} from '@marquee/contract';
import {
  afterHostDrop,
  isDesynced,
  nextMismatchCount,
  PARTY_DESYNC_MESSAGE,
  PARTY_MAX_MISMATCHES,
  type PartyMember,
} from '@marquee/domain';
import type { AuthUser } from '../../plugins/auth';
import { AppError } from '../../plugins/errors';
import type { Site } from '../sites';
import { expired, hostOnly, timelineOf, type WatchPartyCore, type WatchPartyDeps } from './watch-party-core';

/**
 * The synced room (the socket side): joining and leaving it, the clock pong, host actions and
 * reports as the room's timeline, guest reports under §4.9's mismatch rule (a desync told once),
 * readiness, and the host drop rule (`checkHost`).
 */
export function createWatchPartyRoom(core: WatchPartyCore, deps: WatchPartyDeps) {
  const { repo, now } = deps;
  const { stateOf, load, checkSite, session, roomState, announce, end, settle } = core;

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
