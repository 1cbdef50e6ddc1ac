// The watch-party socket (decision 0046): party:join authorizes membership and answers the room's
// state (a reconnect follows from the party's current position), party:message answers clock
// pings, relays the host's actions and reports, applies §4.9's mismatch rule to guest reports
// (desynchronised after more than 5, told 'You have lost sync with the host.'), and the host drop
// rule hands over or ends. Two server processes over PostgreSQL + Redis: a host's pause on one
// reaches a guest on the other.
import type { WatchPartySession } from '@marquee/contract';
import { PARTY_HOST_GRACE_MS } from '@marquee/domain';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARTY_MESSAGES_PER_SECOND } from '../../src/modules/watch-party/watch-party.realtime';
import { startServerProcess } from '../support/server-process';
import { listeningPartyWorld, type PartyWorld } from './party-sockets';

const { world, socketOf, joinParty, send, next, nextSession, nothing, room, action, progress } =
  listeningPartyWorld();
let w: PartyWorld;
beforeAll(() => {
  w = world();
});

/**
 * The host's socket closes (`watcher` sees it away), the grace time passes, and a guest's report
 * runs the host drop rule: answers the first session `watcher` then hears that passes `test`.
 */
async function dropHostPastGrace(
  room: { pid: string; hostSocket: Socket; hostId: string },
  watcher: Socket,
  reporter: Socket,
  test: (s: WatchPartySession) => boolean,
): Promise<WatchPartySession> {
  const gone = nextSession(watcher, (s) => s.members.some((m) => m.userId === room.hostId && !m.connected));
  room.hostSocket.close();
  await gone;
  w.t.clock.now += PARTY_HOST_GRACE_MS;
  try {
    const heard = nextSession(watcher, test);
    await send(reporter, room.pid, progress(0, 0, false));
    return await heard;
  } finally {
    w.t.clock.now -= PARTY_HOST_GRACE_MS;
  }
}

describe('refusals first', () => {
  it('party:join: 400 naming pid, 404 "invalid Watch Party", 403 for a non-member of a started party', async () => {
    const s = await socketOf('rt-a');
    expect(await joinParty(s, 'bad pid!')).toMatchObject({ ok: false, status: 400, error: { field: 'pid' } });
    expect(await joinParty(s, 'nope')).toMatchObject({
      ok: false,
      status: 404,
      error: { message: 'invalid Watch Party' },
    });
    const pid = await w.startedParty('rt-host-a');
    expect(await joinParty(s, pid)).toMatchObject({ ok: false, status: 403, error: { code: 'notMember' } });
  });

  it('party:join of an ended party: 410 "The session has either expired or is invalid"', async () => {
    const pid = await w.startedParty('rt-host-b');
    await w.call('rt-host-b', 'PATCH', `watch-party/${pid}`, { action: 'end' });
    expect(await joinParty(await socketOf('rt-host-b'), pid)).toMatchObject({
      ok: false,
      status: 410,
      error: { message: 'The session has either expired or is invalid' },
    });
  });

  it('party:message: 403 before joining, 400 naming the field, 403 for a guest’s action', async () => {
    const { pid, guestSockets } = await room('rt-host-c', ['rt-guest-c']);
    const stranger = await socketOf('rt-c-stranger');
    expect(await send(stranger, pid, { type: 'party.clock.ping', clientSentAt: 1 })).toMatchObject({
      ok: false,
      status: 403,
    });
    const guest = guestSockets[0]!;
    expect(
      await send(guest, pid, { type: 'party.progress', seq: 0, at: 1, position: -1, playing: true }),
    ).toMatchObject({
      ok: false,
      status: 400,
      error: { field: 'message.position' },
    });
    expect(await send(guest, pid, action('pause', 1, 0, false))).toMatchObject({
      ok: false,
      status: 403,
      error: { code: 'hostOnly' },
    });
  });

  it('a host’s action before the start is refused (409)', async () => {
    const created = await w.call('rt-host-d', 'POST', 'watch-party/v1?__source=web');
    const pid = created.body.pid as string;
    const host = await socketOf('rt-host-d');
    await joinParty(host, pid);
    expect(await send(host, pid, action('play', 1, 0, true))).toMatchObject({ ok: false, status: 409 });
  });

  it('desync: a guest more than 5 s off is told after the 6th report in a row, not the 5th', async () => {
    const { pid, hostSocket, guestSockets } = await room('rt-host-e', ['rt-guest-e', 'rt-other-e']);
    const [guest, other] = guestSockets as [Socket, Socket];
    expect(await send(hostSocket, pid, action('play', 1, 100, true))).toMatchObject({ ok: true });
    const otherHeard = nothing(other, 'party.desync', 600);
    for (let i = 1; i <= 5; i++) {
      expect(await send(guest, pid, progress(1, 90))).toMatchObject({
        ok: true,
        mismatches: i,
        desynced: false,
      });
    }
    // Back within 5 s once: the run starts again.
    expect(await send(guest, pid, progress(1, 96))).toMatchObject({ mismatches: 0 });
    for (let i = 1; i <= 5; i++) await send(guest, pid, progress(1, 90));
    const told = next(guest, 'party.desync');
    expect(await send(guest, pid, progress(1, 90))).toMatchObject({ mismatches: 6, desynced: true });
    expect(await told).toEqual({
      type: 'party.desync',
      mismatches: 6,
      message: 'You have lost sync with the host.',
    });
    expect(await otherHeard).toBe(true);
  });

  it('a guest that is not ready (an ad, the age gate) counts no mismatch and stalls nobody', async () => {
    const { pid, hostSocket, guestSockets } = await room('rt-host-f', ['rt-guest-f']);
    const guest = guestSockets[0]!;
    await send(hostSocket, pid, action('play', 1, 0, true));
    await send(guest, pid, { type: 'party.ready', ready: false });
    for (let i = 0; i < 8; i++)
      expect(await send(guest, pid, progress(1, 500))).toMatchObject({ mismatches: 0, desynced: false });
    // The host goes on meanwhile: its actions are relayed as ever.
    const heard = next(guest, 'party.action');
    await send(hostSocket, pid, action('pause', 2, 10, false));
    expect(await heard).toMatchObject({ kind: 'pause', seq: 2 });
  });
  it('a socket that floods the room is refused (429) before its messages reach the database', async () => {
    const { pid, guestSockets } = await room('rt-host-flood', ['rt-guest-flood']);
    // The harness clock stands still: every message falls in one second.
    const answers = await Promise.all(
      Array.from({ length: PARTY_MESSAGES_PER_SECOND + 5 }, (_, i) =>
        send(guestSockets[0]!, pid, { type: 'party.clock.ping', clientSentAt: i }),
      ),
    );
    expect(answers.filter((a) => a.ok)).toHaveLength(PARTY_MESSAGES_PER_SECOND);
    expect(answers.filter((a) => !a.ok)).toEqual(
      Array(5).fill({
        ok: false,
        status: 429,
        error: { code: 'tooManyRequests', message: 'Too many party messages, slow down' },
      }),
    );
    w.t.clock.now += 1000;
    try {
      expect(await send(guestSockets[0]!, pid, { type: 'party.clock.ping', clientSentAt: 1 })).toMatchObject({
        ok: true,
      });
    } finally {
      w.t.clock.now -= 1000;
    }
  });
});

describe('the room', () => {
  it('answers a clock ping with the server’s receive and send times', async () => {
    const { pid, guestSockets } = await room('rt-host-g', ['rt-guest-g']);
    expect(await send(guestSockets[0]!, pid, { type: 'party.clock.ping', clientSentAt: 42 })).toEqual({
      ok: true,
      pong: {
        type: 'party.clock.pong',
        clientSentAt: 42,
        serverReceivedAt: w.t.clock.now,
        serverSentAt: w.t.clock.now,
      },
    });
  });

  it('relays the host’s play, pause, seek; a late or repeated action changes nothing', async () => {
    const { pid, hostSocket, guestSockets } = await room('rt-host-h', ['rt-guest-h']);
    const guest = guestSockets[0]!;
    for (const [kind, seq, pos, playing] of [
      ['play', 1, 0, true],
      ['pause', 2, 12, false],
      ['seek', 3, 60, false],
    ] as const) {
      const heard = next(guest, 'party.action');
      expect(await send(hostSocket, pid, action(kind, seq, pos, playing))).toEqual({ ok: true });
      expect(await heard).toMatchObject({ kind, seq, position: pos, playing });
    }
    const stale = nothing(guest, 'party.action');
    await send(hostSocket, pid, action('play', 2, 12, true));
    expect(await stale).toBe(true);
  });

  it('a host report re-anchors the guests (party.state)', async () => {
    const { pid, hostSocket, guestSockets } = await room('rt-host-i', ['rt-guest-i']);
    await send(hostSocket, pid, action('play', 1, 0, true));
    const heard = next(guestSockets[0]!, 'party.state');
    await send(hostSocket, pid, progress(1, 3.2, true, w.t.clock.now + 3000));
    expect(await heard).toEqual({
      type: 'party.state',
      hostId: 'rt-host-i',
      ended: false,
      timeline: { seq: 1, at: w.t.clock.now + 3000, position: 3.2, playing: true },
    });
  });

  it('a guest that reconnects gets the party’s current position', async () => {
    const { pid, hostSocket, guestSockets } = await room('rt-host-j', ['rt-guest-j']);
    await send(hostSocket, pid, action('seek', 4, 321, false));
    guestSockets[0]!.close();
    const again = await socketOf('rt-guest-j');
    expect(await joinParty(again, pid)).toMatchObject({
      ok: true,
      state: {
        type: 'party.state',
        hostId: 'rt-host-j',
        ended: false,
        timeline: { seq: 4, position: 321, playing: false },
      },
      session: { state: 'active', host: 'rt-host-j' },
    });
  });

  it('the lobby: a viewer waits in a party not started and hears the start (the join prompt)', async () => {
    const created = await w.call('rt-host-k', 'POST', 'watch-party/v1?__source=web');
    const pid = created.body.pid as string;
    const waiting = await socketOf('rt-guest-k');
    expect(await joinParty(waiting, pid)).toMatchObject({ ok: true, session: { state: 'notStarted' } });
    const started = nextSession(waiting, (s) => s.state === 'active');
    await w.call('rt-host-k', 'PATCH', `watch-party/${pid}`, { action: 'start' });
    expect(await started).toMatchObject({ pid, state: 'active' });
  });

  it('the host’s end action ends the party for everyone', async () => {
    const { pid, hostSocket, guestSockets } = await room('rt-host-l', ['rt-guest-l']);
    const ended = nextSession(guestSockets[0]!, (s) => s.state === 'ended');
    await send(hostSocket, pid, action('end', 1, 5, false));
    expect(await ended).toMatchObject({ state: 'ended' });
    expect((await w.call('rt-host-l', 'GET', `watch-party/${pid}`)).body.state).toBe('ended');
  });

  it('a host that drops has the grace time; then a member who may host takes over', async () => {
    const { pid, hostSocket, guestSockets } = await room('rt-host-m', ['rt-phone-m'], {
      guestSource: 'webMobile',
    });
    // A desktop guest joined later: the only one who may host.
    await w.call('rt-desk-m', 'PATCH', `watch-party/${pid}`, { action: 'joined' });
    const desk = await socketOf('rt-desk-m');
    await joinParty(desk, pid);
    const gone = nextSession(desk, (s) => s.members.some((m) => m.userId === 'rt-host-m' && !m.connected));
    hostSocket.close();
    await gone;
    // Within the grace time nothing changes.
    await send(guestSockets[0]!, pid, progress(0, 0, false));
    expect((await w.call('rt-desk-m', 'GET', `watch-party/${pid}`)).body.host).toBe('rt-host-m');
    w.t.clock.now += PARTY_HOST_GRACE_MS;
    try {
      const handed = nextSession(desk, (s) => s.host === 'rt-desk-m');
      await send(guestSockets[0]!, pid, progress(0, 0, false));
      expect(await handed).toMatchObject({ host: 'rt-desk-m', state: 'active' });
    } finally {
      w.t.clock.now -= PARTY_HOST_GRACE_MS;
    }
  });

  it('a host that drops is never followed by a TV (it only follows): a desktop guest takes over', async () => {
    // The TV joined first and is ready, and its id sorts first: the first pick, yet it may not host.
    const r = await room('rt-host-tv', ['rt-a-tv'], { guestSource: 'tizen' });
    await w.call('rt-desk-tv', 'PATCH', `watch-party/${r.pid}`, { action: 'joined' });
    const desk = await socketOf('rt-desk-tv');
    await joinParty(desk, r.pid);
    const handed = await dropHostPastGrace(
      { ...r, hostId: 'rt-host-tv' },
      desk,
      r.guestSockets[0]!,
      (s) => s.host !== 'rt-host-tv',
    );
    expect(handed).toMatchObject({ host: 'rt-desk-tv', state: 'active' });
  });

  // A phone, or a TV (it only follows), is never made host: with only them left the party ends.
  it.each([
    ['a phone', 'webMobile'],
    ['a TV', 'webos'],
  ])('a host that drops with only %s left ends the party', async (_who, source) => {
    const r = await room(`rt-host-${source}`, [`rt-guest-${source}`], { guestSource: source });
    const guest = r.guestSockets[0]!;
    const hostId = `rt-host-${source}`;
    const after = await dropHostPastGrace(
      { ...r, hostId },
      guest,
      guest,
      (s) => s.state === 'ended' || s.host !== hostId,
    );
    expect(after).toMatchObject({ state: 'ended', host: hostId });
  });
});

describe.skipIf(!process.env.REDIS_URL || !process.env.DATABASE_URL)(
  'two server processes over PostgreSQL and Redis',
  () => {
    let second: Awaited<ReturnType<typeof startServerProcess>>;
    let secondUrl: string;
    beforeAll(async () => {
      // The second process keeps the wall clock: this node's moves to it, so both judge the party alike.
      w.t.clock.now = Date.now();
      second = await startServerProcess(w.t.h);
      secondUrl = second.url;
    }, 90_000);
    afterAll(() => second?.stop());

    it('a host’s pause on one process reaches a guest connected to the other', async () => {
      const pid = await w.startedParty('rt-host-z');
      await w.call('rt-guest-z', 'PATCH', `watch-party/${pid}`, { action: 'joined' });
      const host = await socketOf('rt-host-z');
      const guest = await socketOf('rt-guest-z', secondUrl);
      expect(await joinParty(host, pid)).toMatchObject({ ok: true });
      expect(await joinParty(guest, pid)).toMatchObject({ ok: true });
      const played = next(guest, 'party.action');
      await send(host, pid, action('play', 1, 0, true));
      expect(await played).toMatchObject({ kind: 'play', seq: 1 });
      const paused = next(guest, 'party.action');
      await send(host, pid, action('pause', 2, 7.5, false));
      expect(await paused).toMatchObject({ kind: 'pause', seq: 2, position: 7.5, playing: false });
      // And the guest's reports on the second node are checked against the host's timeline.
      expect(await send(guest, pid, progress(2, 7.5, false))).toMatchObject({ ok: true, mismatches: 0 });
    });
  },
);
