import { randomInt, randomUUID } from 'node:crypto';
import type { UpdateWatchPartyBody, Video, WatchPartySession } from '@marquee/contract';
import {
  hostingRefusal,
  normalizePartyCode,
  PARTY_CODE_ALPHABET,
  PARTY_CODE_LENGTH,
  PARTY_MESSAGES,
  PARTY_TTL_MS,
} from '@marquee/domain';
import type { WatchPartiesTable, WatchPartyMembersTable } from '../../db/schema';
import type { AuthUser } from '../../plugins/auth';
import type { RateRule } from '../../infra/rate-limiter';
import { AppError, badRequest, rateLimited } from '../../plugins/errors';
import type { Site } from '../sites';
import { expired, hostOnly, invalid, type WatchPartyCore, type WatchPartyDeps } from './watch-party-core';

/** The content kinds a party can watch: one playable title (not a series or a channel). */
const PARTY_CONTENT = new Set(['video', 'episode', 'movie', 'liveEvent']);

/** Parties one user may start: a row, a short code and a room each; a host needs a few a day. */
export const PARTY_CREATE_LIMIT: RateRule = { limit: 20, windowMs: 3600_000 };

/**
 * The session calls of §7 (the HTTP routes): create, get, the TV's short code, the party's
 * content, and update (start, joined, end, changeHost).
 */
export function createWatchPartySessions(core: WatchPartyCore, deps: WatchPartyDeps) {
  const { repo, catalog, roles, limiter, now } = deps;
  const { iso, stateOf, load, checkSite, session, roomState, announce, end, settle } = core;

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
      const rate = await limiter.hit(`party:create:${user.id}`, PARTY_CREATE_LIMIT);
      if (!rate.allowed)
        throw rateLimited(
          rate.retryAfterMs,
          'You have started many Watch Parties lately. Please try again later',
        );
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
            throw new AppError(
              409,
              'cannotHost',
              'This member cannot host (mobile, a TV, or a movie off desktop)',
            );
          if (next.user_id !== row.host_id && (await repo.setHost(pid, row.host_id, next.user_id))) {
            const fresh = (await repo.find(pid))!;
            await announce(pid, roomState(fresh));
          }
          break;
        }
      }
      return session((await repo.find(pid))!, site);
    },
  };
}
