import { describe, expect, it } from 'vitest';
import { createEmitter } from './events';
import { keepAtLiveEdge, LIVE_EDGE_MAX_BEHIND_S, liveEdgeTarget, type LiveEdgePlayer } from './live-edge';
import type { PlayerEvents } from './player';

function fakePlayer(opts: { currentTime: number; seekable: [number, number] | null }) {
  const emitter = createEmitter<PlayerEvents>();
  const seeks: number[] = [];
  const video = {
    currentTime: opts.currentTime,
    paused: false,
    seeking: false,
    seekable: {
      length: opts.seekable ? 1 : 0,
      start: () => opts.seekable![0],
      end: () => opts.seekable![1],
    } as unknown as TimeRanges,
  };
  const player: LiveEdgePlayer = {
    video,
    on: emitter.on,
    seek: (s) => {
      seeks.push(s);
      video.currentTime = s;
    },
  };
  const tick = () => emitter.emit('timeupdate', { currentTime: video.currentTime, duration: Infinity });
  return { player, video, seeks, tick, emitter };
}

describe('keepAtLiveEdge (playback-and-social §4.7 "more than 3 s behind")', () => {
  it('uses the spec threshold of 3 s', () => {
    expect(LIVE_EDGE_MAX_BEHIND_S).toBe(3);
  });

  it('seeks to the end of the seekable range when more than 3 s behind, not at 3 s', () => {
    const f = fakePlayer({ currentTime: 97, seekable: [0, 100] });
    const stop = keepAtLiveEdge(f.player);
    f.tick();
    expect(f.seeks).toEqual([]);
    f.video.currentTime = 96.9;
    f.tick();
    expect(f.seeks).toEqual([100]);
    stop();
    f.video.currentTime = 50;
    f.tick();
    expect(f.seeks).toEqual([100]);
  });

  it('leaves a paused or seeking player alone, and checks again on playing', () => {
    const f = fakePlayer({ currentTime: 10, seekable: [0, 100] });
    keepAtLiveEdge(f.player);
    f.video.paused = true;
    f.tick();
    f.video.paused = false;
    f.video.seeking = true;
    f.tick();
    expect(f.seeks).toEqual([]);
    f.video.seeking = false;
    f.emitter.emit('playing', { currentTime: 10 });
    expect(f.seeks).toEqual([100]);
  });

  it('follows the time elapsed since the start when given, capped by the seekable end', () => {
    let elapsed = 40;
    const f = fakePlayer({ currentTime: 30, seekable: [0, 600] });
    keepAtLiveEdge(f.player, { liveTime: () => elapsed });
    f.tick();
    expect(f.seeks).toEqual([40]);
    elapsed = 42;
    f.tick();
    expect(f.seeks).toEqual([40]);
    elapsed = 1_000;
    f.tick();
    expect(f.seeks).toEqual([40, 600]);
  });

  it('has no target without a seekable range or live time', () => {
    const f = fakePlayer({ currentTime: 0, seekable: null });
    expect(liveEdgeTarget(f.player)).toBeNull();
    expect(liveEdgeTarget(f.player, () => 12)).toBe(12);
    keepAtLiveEdge(f.player);
    f.tick();
    expect(f.seeks).toEqual([]);
  });
});
