import type { PlaybackQualityReport } from '@marquee/contract';
import { describe, expect, it } from 'vitest';
import { createEmitter } from './events';
import type { IntervalTimers } from './heartbeat';
import type { EngineKind } from './options';
import { qualityErrorCode, trackPlaybackQuality } from './playback-quality';
import type { PlayerEvents } from './player';

/** A clock and timers the test moves by hand. */
function manualTimers() {
  let now = 0;
  let pending: { at: number; fn: () => void; id: number }[] = [];
  let nextId = 0;
  const timers: IntervalTimers = {
    now: () => now,
    setTimeout: (fn, ms) => {
      pending.push({ at: now + ms, fn, id: ++nextId });
      return nextId;
    },
    clearTimeout: (id) => (pending = pending.filter((p) => p.id !== id)),
  };
  const advance = (ms: number) => {
    const until = now + ms;
    for (;;) {
      const due = pending.filter((p) => p.at <= until).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      pending = pending.filter((p) => p !== due);
      now = due.at;
      due.fn();
    }
    now = until;
  };
  return { timers, advance };
}

/** An element-shaped event target whose state the test sets before firing each event. */
function fakePlayer(engine: EngineKind = 'hls.js') {
  const video = Object.assign(new EventTarget(), {
    networkState: 0,
    readyState: 0,
    paused: true,
    videoHeight: 0,
  });
  const emitter = createEmitter<PlayerEvents>();
  const fire = (name: string, state: Partial<typeof video> = {}) => {
    Object.assign(video, state);
    video.dispatchEvent(new Event(name));
  };
  return {
    player: { video: video as unknown as HTMLVideoElement, engine, on: emitter.on, createdAt: 0 },
    fire,
    emit: emitter.emit,
  };
}

function track(engine: EngineKind = 'hls.js', userActivated = false) {
  const { timers, advance } = manualTimers();
  const { player, fire, emit } = fakePlayer(engine);
  const sent: { report: PlaybackQualityReport; beacon: boolean }[] = [];
  const page = Object.assign(new EventTarget(), {
    document: { visibilityState: 'visible' as DocumentVisibilityState },
  });
  const unbind = trackPlaybackQuality(player, {
    videoUid: 'v1',
    sessionId: 'session-test-00001',
    send: (report, { beacon }) => sent.push({ report, beacon }),
    timers,
    page,
    userActivated: () => userActivated,
  });
  return { fire, emit, advance, sent, unbind, page };
}

describe('trackPlaybackQuality (decision 0083)', () => {
  it('sends nothing when nothing played, even when left', () => {
    const t = track();
    t.fire('loadstart');
    t.advance(120_000);
    t.page.dispatchEvent(new Event('pagehide'));
    t.unbind();
    expect(t.sent).toEqual([]);
  });

  it('measures startup from binding (the source starting to load) to playing, watched time, stalls, and reports when left', () => {
    const t = track();
    t.fire('loadstart', { networkState: 2 });
    t.advance(420);
    t.fire('play', { paused: false });
    t.fire('playing', { readyState: 4 });
    t.emit('levelswitch', { bitrate: 1_000_000 });
    t.advance(10_000);
    t.fire('waiting', { readyState: 2 });
    t.advance(1500);
    t.fire('playing', { readyState: 4 });
    t.emit('levelswitch', { bitrate: 3_000_000 });
    t.advance(10_000);
    t.unbind();
    expect(t.sent).toEqual([
      {
        beacon: true,
        report: {
          sessionId: 'session-test-00001',
          seq: 1,
          videoUid: 'v1',
          engine: 'hls.js',
          startupMs: 420,
          watchedMs: 20_000,
          stalledMs: 1500,
          stallCount: 1,
          bitrateSwitches: 1,
          averageBitrate: 2_000_000,
          lastBitrate: 3_000_000,
          errorCode: null,
        },
      },
    ]);
  });

  it('counts from the viewer’s play when the media could already play; a seek’s wait is no stall', () => {
    const t = track('native', true);
    t.fire('loadstart', { networkState: 1 });
    t.fire('canplay', { readyState: 4 });
    t.advance(30_000);
    t.fire('play', { paused: false });
    t.advance(80);
    t.fire('playing');
    t.fire('resize', { videoHeight: 360 });
    t.advance(5000);
    t.fire('seeking');
    t.fire('waiting', { readyState: 1 });
    t.advance(700);
    t.fire('seeked', { readyState: 4 });
    t.fire('timeupdate');
    t.fire('resize', { videoHeight: 720 });
    t.advance(5000);
    t.fire('pause', { paused: true });
    t.advance(60_000);
    t.fire('ended');
    expect(t.sent.map((s) => s.report)).toMatchObject([
      {
        seq: 1,
        engine: 'native',
        startupMs: 80,
        watchedMs: 10_000,
        stalledMs: 0,
        stallCount: 0,
        bitrateSwitches: 1,
        averageBitrate: null,
        lastBitrate: null,
      },
    ]);
  });

  it('counts an autoplay held by a gate from binding: the viewer waited for the gate too', () => {
    const t = track('hls.js', false);
    t.fire('canplay', { readyState: 4 });
    t.advance(900);
    t.fire('play', { paused: false });
    t.advance(20);
    t.fire('playing');
    t.unbind();
    expect(t.sent[0]!.report.startupMs).toBe(920);
  });

  it('reports every interval while something changed, and on the page going hidden, with rising seq', () => {
    const t = track();
    t.fire('loadstart', { networkState: 2 });
    t.fire('play', { paused: false });
    t.advance(300);
    t.fire('playing', { readyState: 4 });
    t.advance(60_000);
    t.advance(60_000);
    // Paused 300 ms after the second report: the next one carries those 300 ms, then nothing changes.
    t.fire('pause', { paused: true });
    t.advance(60_000);
    t.advance(60_000);
    t.page.document.visibilityState = 'hidden';
    t.page.dispatchEvent(new Event('visibilitychange'));
    t.unbind();
    expect(t.sent.map((s) => [s.report.seq, s.report.watchedMs, s.beacon])).toEqual([
      [1, 59_700, false],
      [2, 119_700, false],
      [3, 120_000, false],
    ]);
  });

  it('reports a fatal error at once, with or without a first frame; non-fatal errors are not counted', () => {
    const t = track();
    t.fire('loadstart', { networkState: 2 });
    t.emit('error', { kind: 'network', message: 'x', fatal: false, detail: 'fragLoadError' });
    t.emit('error', { kind: 'network', message: 'x', fatal: true, detail: 'manifestLoadError' });
    t.unbind();
    expect(t.sent).toHaveLength(1);
    expect(t.sent[0]!.report).toMatchObject({
      startupMs: null,
      watchedMs: 0,
      errorCode: 'network.manifestLoadError',
    });
    expect(
      qualityErrorCode({ kind: 'decode', message: 'x', fatal: true, detail: 'PIPELINE_ERROR_DECODE: bad' }),
    ).toBe('decode');
  });

  it('a send that throws never reaches the player', () => {
    const { player, fire } = fakePlayer();
    const { timers, advance } = manualTimers();
    const unbind = trackPlaybackQuality(player, {
      videoUid: 'v1',
      send: () => {
        throw new Error('offline');
      },
      timers,
      page: null,
    });
    fire('loadstart', { networkState: 2 });
    fire('playing', { paused: false, readyState: 4 });
    advance(61_000);
    expect(() => unbind()).not.toThrow();
  });
});
