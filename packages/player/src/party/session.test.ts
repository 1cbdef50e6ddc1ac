import type { PartyClientMessage, PartyServerMessage } from '@marquee/contract';
import { describe, expect, it } from 'vitest';
import { bindPartySync } from './session';
import type { PartyMedia } from './media';
import { createSimWorld } from './simulation';

/**
 * A player in the simulated world whose commands fire the media events a `<video>` would (the
 * follower's own corrections included: that is what must not echo back as host actions).
 */
function room(
  role: 'host' | 'guest',
  initial: { seq: number; position: number; playing: boolean } | null = null,
  /** Seeks the element silently drops (one asked for before it has metadata, then reset by the engine). */
  droppedSeeks = 0,
) {
  const world = createSimWorld();
  world.advance(100_000);
  const sim = world.media();
  const events = new EventTarget();
  const fire = (name: string) => events.dispatchEvent(new Event(name));
  const media: PartyMedia = {
    get currentTime() {
      return sim.currentTime;
    },
    get paused() {
      return sim.paused;
    },
    get seeking() {
      return sim.seeking;
    },
    get playbackRate() {
      return sim.playbackRate;
    },
    set playbackRate(rate: number) {
      sim.playbackRate = rate;
    },
    play() {
      const was = sim.paused;
      sim.play();
      if (was) fire('play');
    },
    pause() {
      const was = sim.paused;
      sim.pause();
      if (!was) fire('pause');
    },
    seek(seconds: number) {
      if (droppedSeeks > 0) {
        droppedSeeks--;
        return;
      }
      sim.seek(seconds);
      fire('seeking');
    },
  };
  const sent: PartyClientMessage[] = [];
  let deliver: (m: PartyServerMessage) => void = () => {};
  const desyncs: string[] = [];
  const sync = bindPartySync({
    media,
    events,
    role,
    // The shared (server) clock is true time; this device's runs 1.5 s behind it.
    timers: world.clock(-1_500),
    initial: initial ? { ...initial, at: world.now() - 1000 } : null,
    transport: {
      send: (message) => {
        sent.push(message);
        if (message.type !== 'party.clock.ping') return Promise.resolve({});
        const t = world.now();
        return Promise.resolve({
          pong: {
            type: 'party.clock.pong',
            clientSentAt: message.clientSentAt,
            serverReceivedAt: t,
            serverSentAt: t,
          },
        });
      },
      subscribe: (on) => {
        deliver = on;
        return () => (deliver = () => {});
      },
    },
    onDesync: (m) => desyncs.push(m),
  });
  /**
   * Runs the world for `ms` in 50 ms steps, letting the transport's promises settle, with the
   * timeupdates of a playing element (a paused one fires none).
   */
  const run = async (ms: number) => {
    for (let t = 0; t < ms; t += 50) {
      world.advance(50);
      for (let i = 0; i < 5; i++) await Promise.resolve();
      if (!sim.paused) fire('timeupdate');
    }
  };
  const actions = () => sent.filter((m) => m.type === 'party.action');
  return {
    world,
    media,
    sim,
    fire,
    sent,
    actions,
    deliver: (m: PartyServerMessage) => deliver(m),
    desyncs,
    sync,
    run,
  };
}

describe('party sync on a player (bindPartySync)', () => {
  it('a guest that (re)joins follows from the room’s current position once the clock is known', async () => {
    const r = room('guest', { seq: 4, position: 120, playing: true });
    await r.run(2000);
    // 1 s before joining plus the 2 s since: about 123 s.
    expect(Math.abs(r.sim.currentTime - 123)).toBeLessThan(0.4);
    expect(r.sim.paused).toBe(false);
  });

  it('the host’s own pause becomes one scheduled action; the follower’s corrections never echo', async () => {
    const r = room('host', { seq: 1, position: 10, playing: true });
    await r.run(2000);
    expect(r.sim.paused).toBe(false);
    expect(r.actions()).toEqual([]);
    // The viewer presses pause on the host's player.
    r.media.pause();
    await r.run(4000);
    expect(r.actions()).toMatchObject([{ type: 'party.action', kind: 'pause', seq: 2, playing: false }]);
    expect(r.sim.paused).toBe(true);
    // And a seek by the viewer: one seek action to where they went.
    r.media.seek(60);
    await r.run(2000);
    expect(r.actions().map((a) => a.type === 'party.action' && a.kind)).toEqual(['pause', 'seek']);
    expect(r.actions()[1]).toMatchObject({ position: 60, seq: 3 });
  });

  it('a guest’s own pause is undone by the follower and sends nothing but its reports', async () => {
    const r = room('guest', { seq: 1, position: 0, playing: true });
    await r.run(1000);
    r.media.pause();
    await r.run(1000);
    expect(r.sim.paused).toBe(false);
    expect(r.actions()).toEqual([]);
  });

  it('the guest follows the host’s actions as they come', async () => {
    const r = room('guest', { seq: 1, position: 0, playing: true });
    await r.run(1000);
    r.deliver({
      type: 'party.action',
      kind: 'seek',
      seq: 2,
      at: r.world.now() + 300,
      position: 300,
      playing: false,
    });
    await r.run(1000);
    expect(r.sim.paused).toBe(true);
    expect(r.sim.currentTime).toBeCloseTo(300, 1);
  });

  it('reports progress every 3 s, and the server’s desync is told once with the bot message', async () => {
    const r = room('guest', { seq: 1, position: 0, playing: true });
    await r.run(6100);
    expect(r.sent.filter((m) => m.type === 'party.progress')).toHaveLength(2);
    const desync = {
      type: 'party.desync',
      mismatches: 6,
      message: 'You have lost sync with the host.',
    } as const;
    r.deliver(desync);
    r.deliver(desync);
    expect(r.desyncs).toEqual(['You have lost sync with the host.']);
    r.sync.resync();
    r.deliver(desync);
    expect(r.desyncs).toHaveLength(2);
  });

  it('a paused guest whose seek the element dropped is brought to the host at the next 3 s beat', async () => {
    const r = room('guest', { seq: 2, position: 60, playing: false }, 1);
    await r.run(1000);
    expect(r.sim.currentTime).toBe(0); // the first seek was lost and a paused element fires nothing
    await r.run(2500);
    expect(r.sim.currentTime).toBe(60);
    expect(r.sim.paused).toBe(true);
  });

  it('not ready (an ad) tells the room and leaves the media alone', async () => {
    const r = room('guest', { seq: 1, position: 0, playing: true });
    await r.run(500);
    r.sync.setReady(false);
    r.media.pause();
    await r.run(2000);
    expect(r.sim.paused).toBe(true);
    expect(r.sent).toContainEqual({ type: 'party.ready', ready: false });
    r.sync.destroy();
  });
});
