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
