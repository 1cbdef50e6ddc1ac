import type { PartyTimeline } from '@marquee/contract';
import { describe, expect, it, vi } from 'vitest';
import { createPartyFollower, nudgedRate, SYNC_TUNING, type PartyFollowerOptions } from './follower';
import { createSimWorld, type SimMediaOptions } from './simulation';

/** A guest whose clock is 1.5 s behind the shared one (and knows it), updated every 250 ms. */
function guest(mediaOptions: SimMediaOptions = {}, extra: Partial<PartyFollowerOptions> = {}) {
  const world = createSimWorld();
  world.advance(10_000);
  const media = world.media(mediaOptions);
  let offset: number | null = 1_500;
  const follower = createPartyFollower({
    media,
    timers: world.clock(-1_500),
    clockOffsetMs: () => offset,
    ...extra,
  });
  const tick = () => {
    follower.update();
    world.schedule(world.now() + 250, tick);
  };
  tick();
  return { world, media, follower, unknownClock: () => (offset = null) };
}

const at = (world: { now(): number }, deltaMs: number) => world.now() + deltaMs;
const timeline = (t: Partial<PartyTimeline> & { at: number }): PartyTimeline => ({
  seq: 1,
  position: 0,
  playing: true,
  ...t,
});

describe('party follower: late, out-of-order and odd messages', () => {
  it('does nothing before the clock offset is known', () => {
    const { world, media, follower, unknownClock } = guest();
    unknownClock();
    follower.receive(timeline({ at: at(world, -1000), position: 30 }));
    world.advance(1000);
    expect(media.paused).toBe(true);
    expect(media.seeks).toBe(0);
  });

  it('an action that arrives 3 s late (a huge jitter spike) lands where the host is now', () => {
    const { world, media, follower } = guest({ seekMs: () => 200 });
    follower.receive(timeline({ at: at(world, -3000), position: 30 }));
    world.advance(1000);
    expect(media.paused).toBe(false);
    expect(Math.abs(media.currentTime - (33 + 1))).toBeLessThan(0.1);
  });

  it('an older action arriving after a newer one is ignored', () => {
    const { world, media, follower } = guest();
    follower.receive(timeline({ seq: 3, at: at(world, -100), position: 50, playing: false }));
    world.advance(500);
    const seeks = media.seeks;
    follower.receive(timeline({ seq: 2, at: at(world, -50), position: 10, playing: true }));
    world.advance(1000);
    expect(media.paused).toBe(true);
    expect(media.currentTime).toBe(50);
    expect(media.seeks).toBe(seeks);
  });

  it('a stale progress report of the same action does not pull the guest back', () => {
    const { world, media, follower } = guest();
    follower.receive(timeline({ seq: 4, at: at(world, -10), position: 100, playing: false }));
    follower.receive(timeline({ seq: 4, at: at(world, -5000), position: 90, playing: false }));
    world.advance(500);
    expect(media.currentTime).toBe(100);
  });

  it('a seek during a pause moves the paused guest and does not start it', () => {
    const { world, media, follower } = guest();
    follower.receive(timeline({ seq: 1, at: at(world, 0), position: 20, playing: false }));
    world.advance(300);
    follower.receive(timeline({ seq: 2, at: at(world, 200), position: 75, playing: false }));
    world.advance(100);
    expect(media.currentTime).toBe(20); // not before its time
    world.advance(200);
    expect(media.currentTime).toBe(75);
    expect(media.paused).toBe(true);
    expect(media.plays).toBe(0);
  });
});

describe('party follower: the spec rule (more than 5 mismatches)', () => {
  it('a guest stuck more than 5 s away is desynchronised at the 6th check, not the 5th', () => {
    const onDesync = vi.fn();
    const { world, media, follower } = guest({ stuck: true }, { onDesync });
    follower.receive(timeline({ at: at(world, 0), position: 60 }));
    for (let i = 1; i <= 5; i++) {
      world.advance(3000);
      expect(follower.progressCheck()).toMatchObject({ mismatches: i, desynced: false });
    }
    expect(onDesync).not.toHaveBeenCalled();
    world.advance(3000);
    expect(follower.progressCheck()).toMatchObject({ mismatches: 6, desynced: true });
    expect(onDesync).toHaveBeenCalledExactlyOnceWith(6);
    // Desynchronised: the follower stops pushing the media around.
    const seeks = media.seeks;
    world.advance(3000);
    expect(media.seeks).toBe(seeks);
  });

  it('a guest that follows never mismatches, and its report says where it is', () => {
    const { world, follower } = guest({ seekMs: () => 300 });
    follower.receive(timeline({ at: at(world, 0), position: 60 }));
    for (let i = 0; i < 10; i++) {
      world.advance(3000);
      const check = follower.progressCheck()!;
      expect(check.mismatches).toBe(0);
      expect(Math.abs(check.driftS!)).toBeLessThan(0.2);
      expect(check.progress).toMatchObject({ type: 'party.progress', seq: 1, playing: true });
    }
  });

  it('resync follows again from a clean count', () => {
    const media = { stuck: true };
    const { world, follower } = guest(media);
    follower.receive(timeline({ at: at(world, 0), position: 60 }));
    for (let i = 0; i < 6; i++) {
      world.advance(3000);
      follower.progressCheck();
    }
    follower.resync();
    world.advance(3000);
    expect(follower.progressCheck()).toMatchObject({ mismatches: 1, desynced: false });
  });
});

describe('party follower: a guest that is not ready stalls nobody', () => {
  it('leaves the media alone and counts no mismatch, then catches up when ready', () => {
    const { world, media, follower } = guest({ seekMs: () => 250 });
    follower.setReady(false);
    follower.receive(timeline({ at: at(world, 0), position: 10 }));
    for (let i = 0; i < 8; i++) {
      world.advance(3000);
      expect(follower.progressCheck()).toMatchObject({ mismatches: 0, driftS: null });
    }
    expect(media.paused).toBe(true);
    expect(media.seeks).toBe(0);
    follower.setReady(true);
    world.advance(2000);
    expect(Math.abs(media.currentTime - (10 + 26))).toBeLessThan(0.1);
  });
});

describe('party follower: corrections', () => {
  it('an action stamped ahead waits for its shared time, then applies exactly then', () => {
    const { world, media, follower } = guest({ seekMs: () => SYNC_TUNING.seekLatencyMs });
    follower.receive(timeline({ at: at(world, 400), position: 5 }));
    world.advance(390);
    expect(media.paused).toBe(true);
    world.advance(1010);
    expect(media.currentTime).toBeCloseTo(6, 2);
  });

  it('a small drift is closed by the rate, never beyond ±5 %, and without a seek', () => {
    const { world, media, follower } = guest({ speedError: -0.004 });
    follower.receive(timeline({ at: at(world, 0), position: 0 }));
    world.advance(100);
    media.seek(media.currentTime - 0.6);
    const seeks = media.seeks;
    world.advance(250);
    expect(media.playbackRate).toBeCloseTo(1 + SYNC_TUNING.maxRateNudge, 5);
    world.advance(30_000);
    expect(media.seeks).toBe(seeks);
    expect(Math.abs(media.currentTime - 30.35)).toBeLessThan(0.1);
  });

  it('nudgedRate: a dead band, then proportional, then clamped', () => {
    expect(nudgedRate(0.02)).toBe(1);
    expect(nudgedRate(-0.1)).toBeCloseTo(1.05);
    expect(nudgedRate(0.06)).toBeCloseTo(0.97);
    expect(nudgedRate(5)).toBeCloseTo(0.95);
    expect(nudgedRate(-5)).toBeCloseTo(1.05);
  });

  it('learns how long its seeks buffer, so the next one lands on the host', () => {
    const { world, media, follower } = guest({ seekMs: () => 600 });
    follower.receive(timeline({ seq: 1, at: at(world, 0), position: 100 }));
    world.advance(1000);
    const firstMiss = media.currentTime - (100 + 1);
    expect(firstMiss).toBeLessThan(-0.3); // aimed 250 ms ahead, buffered 600
    follower.receive(timeline({ seq: 2, at: world.now() + 1_500, position: 500 }));
    world.advance(1_500 + 700);
    expect(Math.abs(media.currentTime - 500.7)).toBeLessThan(0.03);
  });
});
