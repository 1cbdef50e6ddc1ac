import { describe, expect, it } from 'vitest';
import {
  afterHostDrop,
  isDesynced,
  nextHost,
  nextMismatchCount,
  PARTY_HOST_GRACE_MS,
  PARTY_DESYNC_MESSAGE,
  PARTY_PROGRESS_INTERVAL_MS,
  PARTY_SYNC_TOLERANCE_S,
  type PartyMember,
  hostingRefusal,
  normalizePartyCode,
  partyLobbyPath,
  partyFitsLiveRoute,
  partyPath,
  PARTY_MESSAGES,
  PARTY_STATE_LABELS,
} from './watch-party';

describe('watch party sync rules (playback-and-social §4.9, §9)', () => {
  it('"Progress is signalled every 3 s. Sync tolerance is 5 s." and the bot message', () => {
    expect(PARTY_PROGRESS_INTERVAL_MS).toBe(3000);
    expect(PARTY_SYNC_TOLERANCE_S).toBe(5);
    expect(PARTY_DESYNC_MESSAGE).toBe('You have lost sync with the host.');
  });

  it('a drift of exactly 5 s is within tolerance; more is a mismatch, ahead or behind', () => {
    expect(nextMismatchCount(2, 5)).toBe(0);
    expect(nextMismatchCount(2, -5)).toBe(0);
    expect(nextMismatchCount(2, 5.01)).toBe(3);
    expect(nextMismatchCount(2, -5.01)).toBe(3);
  });

  it('"after more than 5 position mismatches": desynchronised at the 6th, not the 5th', () => {
    let count = 0;
    for (let i = 0; i < 5; i++) count = nextMismatchCount(count, 9);
    expect(isDesynced(count)).toBe(false);
    count = nextMismatchCount(count, 9);
    expect(isDesynced(count)).toBe(true);
  });

  it('a check within tolerance resets the run', () => {
    let count = 0;
    for (let i = 0; i < 5; i++) count = nextMismatchCount(count, 9);
    count = nextMismatchCount(count, 0.2);
    count = nextMismatchCount(count, 9);
    expect(count).toBe(1);
    expect(isDesynced(count)).toBe(false);
  });
});

describe('a host that drops (issue 15: hands over or ends by the rules)', () => {
  const member = (userId: string, joinedAt: number, extra: Partial<PartyMember> = {}): PartyMember => ({
    userId,
    joinedAt,
    connected: true,
    ready: true,
    canHost: true,
    ...extra,
  });
  const host = member('host', 0, { connected: false });

  it('nobody disconnected, on mobile or the host again takes over: the party ends', () => {
    const members = [host, member('gone', 1, { connected: false }), member('phone', 2, { canHost: false })];
    expect(nextHost(members, 'host')).toBeNull();
    expect(afterHostDrop(members, 'host', 1_000, 1_000 + PARTY_HOST_GRACE_MS)).toEqual({ kind: 'end' });
  });

  it('within the grace time the room waits for the host, and keeps a host who came back', () => {
    const members = [host, member('a', 5)];
    expect(afterHostDrop(members, 'host', 1_000, 30_999)).toEqual({ kind: 'wait', untilMs: 31_000 });
    const back = [{ ...host, connected: true }, member('a', 5)];
    expect(afterHostDrop(back, 'host', 1_000, 90_000)).toEqual({ kind: 'keep' });
  });

  it('after it, a ready member who may host takes over, the longest present first', () => {
    const members = [host, member('late', 50), member('early', 10), member('in-ad', 1, { ready: false })];
    expect(afterHostDrop(members, 'host', 1_000, 31_000)).toEqual({ kind: 'changeHost', hostId: 'early' });
  });

  it('a member who is not ready still beats ending the party', () => {
    const members = [host, member('in-ad', 1, { ready: false })];
    expect(nextHost(members, 'host')).toBe('in-ad');
  });
});

describe('watch party sessions (playback-and-social §4.9, §8)', () => {
  it('hosting is refused on mobile and on a TV (it only follows), and movies are hosted from desktop only', () => {
    expect(hostingRefusal('webMobile', 'video')).toBe('hostingOnMobile');
    expect(hostingRefusal('webMobile', 'movie')).toBe('hostingOnMobile');
    expect(hostingRefusal('ios', 'liveEvent')).toBe('hostingOnMobile');
    for (const tv of ['tizen', 'webos', 'generic']) {
      expect(hostingRefusal(tv, 'movie'), tv).toBe('moviesDesktopOnly');
      expect(hostingRefusal(tv, 'video'), tv).toBe('hostingOnTv');
      expect(hostingRefusal(tv, 'liveEvent'), tv).toBe('hostingOnTv');
    }
    expect(hostingRefusal('web', 'movie')).toBeNull();
    expect(hostingRefusal('web', 'video')).toBeNull();
    expect(hostingRefusal(undefined, 'movie')).toBeNull();
  });

  it('the state labels and error messages are the spec’s, word for word', () => {
    expect(PARTY_STATE_LABELS.active).toBe('Join the Party');
    expect(PARTY_STATE_LABELS.notStarted).toBe('Start the Party');
    expect(PARTY_MESSAGES.createFailed).toBe('There was a problem processing your request..');
    expect(PARTY_MESSAGES.invalid).toBe('invalid Watch Party');
    expect(PARTY_MESSAGES.expired).toBe('The session has either expired or is invalid');
    expect(PARTY_MESSAGES.unavailable).toBe("Watch Party' is unavailable for this site.");
    expect(PARTY_MESSAGES.desync).toBe('You have lost sync with the host.');
  });

  it('a short code is read in any case with spaces and dashes, and refused when it cannot be one', () => {
    expect(normalizePartyCode('abc-234')).toBe('ABC234');
    expect(normalizePartyCode(' AB C2 34 ')).toBe('ABC234');
    expect(normalizePartyCode('ABC23')).toBeNull();
    expect(normalizePartyCode('ABC2340')).toBeNull();
    expect(normalizePartyCode('ABCO10')).toBeNull(); // O, 1 and 0 are not in the alphabet
  });

  it('the lobby link is /watch-party?pid', () => {
    expect(partyLobbyPath('p 1')).toBe('/watch-party?pid=p%201');
  });

  it('a live event party is shared by the live route with the pid as its last segment, others by the lobby', () => {
    const live = { pid: 'p/1', isLive: true, channel: 'c 1', contentId: 'ev' };
    expect(partyPath(live)).toBe('/channel/c%201/live/ev/watch-party/p%2F1');
    expect(partyPath({ ...live, channel: null })).toBe('/watch-party?pid=p%2F1');
    expect(partyPath({ ...live, isLive: false })).toBe('/watch-party?pid=p%2F1');
  });

  it('the live route takes only a live party of its own event', () => {
    expect(partyFitsLiveRoute({ isLive: true, contentId: 'ev' }, 'ev')).toBe(true);
    expect(partyFitsLiveRoute({ isLive: true, contentId: 'ev' }, 'other')).toBe(false);
    expect(partyFitsLiveRoute({ isLive: false, contentId: 'ev' }, 'ev')).toBe(false);
  });
});
