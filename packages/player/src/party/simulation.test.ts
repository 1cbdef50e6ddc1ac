import { describe, expect, it } from 'vitest';
import { createSimWorld } from './simulation';

// The bench's figures are only as good as this world: check it does what it says.
describe('createSimWorld', () => {
  it('a cancelled timer never runs; timers run in time order, ties in the order set', () => {
    const world = createSimWorld();
    const clock = world.clock(2_000);
    const ran: string[] = [];
    const cancelled = clock.setTimeout(() => ran.push('cancelled'), 100);
    clock.setTimeout(() => ran.push('b'), 200);
    clock.setTimeout(() => ran.push('a'), 50);
    clock.setTimeout(() => ran.push('b2'), 200);
    clock.clearTimeout(cancelled);
    world.advance(1_000);
    expect(ran).toEqual(['a', 'b', 'b2']);
    expect(clock.now()).toBe(3_000);
    expect(world.now()).toBe(1_000);
  });

  it('media plays at its rate times its speed error, and holds still while a seek buffers', () => {
    const world = createSimWorld();
    const media = world.media({ seekMs: () => 300, speedError: 0.01 });
    media.play();
    world.advance(1_000);
    expect(media.currentTime).toBeCloseTo(1.01, 9);
    media.playbackRate = 0.5;
    world.advance(1_000);
    expect(media.currentTime).toBeCloseTo(1.515, 9);
    media.playbackRate = 1;
    media.seek(100);
    world.advance(299);
    expect(media.seeking).toBe(true);
    expect(media.currentTime).toBe(100);
    world.advance(1_001);
    expect(media.seeking).toBe(false);
    expect(media.currentTime).toBeCloseTo(101.01, 9);
  });

  it('play takes its start time; a paused element does not move', () => {
    const world = createSimWorld();
    const media = world.media({ startMs: () => 80 });
    world.advance(500);
    expect(media.currentTime).toBe(0);
    media.play();
    world.advance(1_080);
    expect(media.currentTime).toBeCloseTo(1, 9);
    media.pause();
    world.advance(1_000);
    expect(media.currentTime).toBeCloseTo(1, 9);
  });
});
