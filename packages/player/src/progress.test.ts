import { describe, expect, it, vi } from 'vitest';
import { createEmitter } from './events';
import type { PlayerEvents } from './player';
import { createProgressRecorder, trackProgress, type PageLifecycle, type ProgressEntry } from './progress';

/** A send that records each batch and answers as told (accept by default). */
function fakeSend() {
  const batches: { batch: ProgressEntry[]; keepalive: boolean }[] = [];
  let fail = false;
  const send = vi.fn(async (batch: ProgressEntry[], { keepalive }: { keepalive: boolean }) => {
    batches.push({ batch, keepalive });
    if (fail) throw new Error('offline');
  });
  return { send, batches, failing: (v: boolean) => (fail = v) };
}

const flushPromises = () => new Promise((r) => setImmediate(r));

describe('progress recorder (playback-and-social §4.8)', () => {
  it('"items flush when 5 have accumulated", newest position per video', async () => {
    const { send, batches } = fakeSend();
    const rec = createProgressRecorder(send);
    for (const p of [10, 20, 30, 40]) rec.report({ id: 'a', progress: p });
    expect(send).not.toHaveBeenCalled();
    rec.report({ id: 'b', progress: 5 });
    expect(batches).toEqual([
      {
        batch: [
          { id: 'a', progress: 40 },
          { id: 'b', progress: 5 },
        ],
        keepalive: false,
      },
    ]);
    await flushPromises();
    expect(rec.pending()).toBe(0);
  });

  it('retries a refused batch after 15000 ms, then every 5000 ms, merging newer reports', async () => {
    vi.useFakeTimers();
    try {
      const { send, batches, failing } = fakeSend();
      const rec = createProgressRecorder(send);
      failing(true);
      rec.report({ id: 'a', progress: 10 });
      rec.flush();
      await vi.advanceTimersByTimeAsync(0);
      expect(batches).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(14_999);
      expect(batches).toHaveLength(1);
      rec.report({ id: 'a', progress: 20 });
      await vi.advanceTimersByTimeAsync(1);
      expect(batches).toHaveLength(2);
      expect(batches[1]!.batch).toEqual([{ id: 'a', progress: 20 }]);
      await vi.advanceTimersByTimeAsync(4_999);
      expect(batches).toHaveLength(2);
      failing(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(batches).toHaveLength(3);
      expect(rec.pending()).toBe(0);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(batches).toHaveLength(3); // accepted: no more retries
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends at once with keepalive on unload, even while a retry waits', async () => {
    vi.useFakeTimers();
    try {
      const { send, batches, failing } = fakeSend();
      const rec = createProgressRecorder(send);
      failing(true);
      rec.report({ id: 'a', progress: 10 });
      rec.flush();
      await vi.advanceTimersByTimeAsync(0);
      failing(false);
      rec.flush({ keepalive: true });
      expect(batches[1]).toEqual({ batch: [{ id: 'a', progress: 10 }], keepalive: true });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('trackProgress', () => {
  function setup() {
    const player = createEmitter<PlayerEvents>();
    const { send, batches } = fakeSend();
    const rec = createProgressRecorder(send);
    const target = new EventTarget();
    const page = Object.assign(target, {
      document: { visibilityState: 'visible' as DocumentVisibilityState },
    });
    const stop = trackProgress(player, rec, 'v1', page as unknown as PageLifecycle);
    return { player, batches, page, stop, rec };
  }

  it('reports every 10 s of playback and on pause, and flushes on stop', () => {
    const { player, batches, stop, rec } = setup();
    for (let t = 0; t <= 25; t += 0.25) player.emit('timeupdate', { currentTime: t, duration: 600 });
    player.emit('pause', { currentTime: 25 });
    expect(rec.pending()).toBe(3); // 10, 20, pause at 25
    stop();
    expect(batches.map((b) => b.batch)).toEqual([[{ id: 'v1', progress: 25 }]]);
  });

  it('§4.1 a switch pauses the player first, then saves the position it paused at', () => {
    const emitter = createEmitter<PlayerEvents>();
    const steps: string[] = [];
    const video = { currentTime: 0 };
    const player = Object.assign(emitter, {
      pause: () => steps.push(`pause at ${video.currentTime}`),
      video: video as HTMLVideoElement,
    });
    const rec = createProgressRecorder(async (batch) => void steps.push(`save ${JSON.stringify(batch)}`));
    const page = Object.assign(new EventTarget(), { document: { visibilityState: 'visible' } });
    const stop = trackProgress(player, rec, 'v1', page as unknown as PageLifecycle);
    player.emit('timeupdate', { currentTime: 12, duration: 600 });
    video.currentTime = 12.2; // played on since the last timeupdate
    stop({ pause: true });
    expect(steps).toEqual(['pause at 12.2', 'save [{"id":"v1","progress":12.2}]']);
  });

  it('flushes with keepalive when the page is hidden or unloads', () => {
    const { player, batches, page } = setup();
    player.emit('timeupdate', { currentTime: 12, duration: 600 });
    page.document.visibilityState = 'hidden';
    page.dispatchEvent(new Event('visibilitychange'));
    expect(batches).toEqual([{ batch: [{ id: 'v1', progress: 12 }], keepalive: true }]);
    player.emit('timeupdate', { currentTime: 13, duration: 600 });
    page.dispatchEvent(new Event('pagehide'));
    expect(batches[1]).toEqual({ batch: [{ id: 'v1', progress: 13 }], keepalive: true });
  });

  it('reports the end as the full duration', () => {
    const { player, batches } = setup();
    player.emit('ended', { duration: 600 });
    expect(batches[0]!.batch).toEqual([{ id: 'v1', progress: 600 }]);
  });
});
