import { buildPlayerPayload, NO_CONSENT } from '@marquee/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEmitter } from './events';
import { startHeartbeat, trackHeartbeat, type HeartbeatPayload, type IntervalTimers } from './heartbeat';
import type { PlayerEvents } from './player';

const timers: IntervalTimers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
};

function fakeFetch() {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(url), init: init! });
    return new Response(null, { status: 204 });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(Date.parse('2026-03-01T12:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('startHeartbeat (playback-and-social §7)', () => {
  it('"posted to a URL from site config at a configured interval, without credentials"', async () => {
    const { fetch, calls } = fakeFetch();
    let n = 0;
    const stop = startHeartbeat({
      url: 'https://beats.example/hb',
      intervalMs: 30_000,
      payload: () => ({ n: ++n }),
      fetch,
      timers,
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('https://beats.example/hb');
    expect(calls[0]!.init).toMatchObject({
      method: 'POST',
      credentials: 'omit',
      keepalive: true,
      mode: 'no-cors',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      body: '{"n":1}',
    });
    await vi.advanceTimersByTimeAsync(29_999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.init.body).toBe('{"n":2}');
    stop();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(calls).toHaveLength(2);
  });

  it('queues each beat in the batch sink too; with no url it only queues (decision 0060)', async () => {
    const { fetch, calls } = fakeFetch();
    const queued: unknown[] = [];
    let n = 0;
    const start = (url: string | null) =>
      startHeartbeat({
        url,
        intervalMs: 10_000,
        payload: () => ({ n: ++n }),
        fetch,
        timers,
        sink: { track: (p) => queued.push(p) },
      });
    const stop = start(null);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(queued).toEqual([{ n: 1 }, { n: 2 }]);
    expect(calls).toHaveLength(0);
    stop();
    const both = start('https://beats.example/hb');
    await vi.advanceTimersByTimeAsync(0);
    expect(queued.at(-1)).toEqual({ n: 3 });
    expect(calls[0]!.init.body).toBe('{"n":3}');
    both();
  });

  it('keeps beating when a beat fails or fetch throws', async () => {
    let calls = 0;
    const fetch = vi.fn(() => {
      calls++;
      if (calls === 1) throw new TypeError('quota');
      return Promise.reject(new TypeError('network'));
    }) as unknown as typeof globalThis.fetch;
    const stop = startHeartbeat({ url: 'https://b/', intervalMs: 5_000, payload: () => ({}), fetch, timers });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toBe(3);
    stop();
  });
});

/** The player payload of §3 (decision 0064), passed through as it is. */
const PAYLOAD = buildPlayerPayload({
  video: {
    type: 'video',
    description: '',
    contentDetails: { duration: 600 },
    ads: { iabCategory: 'IAB1' },
    seriesData: null,
    movieData: null,
  },
  channelId: 'news',
  siteUid: 'demo',
  source: 'vjs',
  start: 0,
  viewer: { userId: 'u1' },
  device: { model: 'Linux', id: null, limitAdTracking: false },
  consent: NO_CONSENT,
});

describe('trackHeartbeat', () => {
  function setup() {
    const emitter = createEmitter<PlayerEvents>();
    const video = { currentTime: 0, duration: 600, paused: true, muted: true };
    const player = { on: emitter.on, video: video as unknown as HTMLVideoElement, engine: 'native' as const };
    const { fetch, calls } = fakeFetch();
    const unbind = trackHeartbeat(player, {
      url: 'https://beats.example/hb',
      intervalMs: 60_000,
      siteUid: 'demo',
      video: { uid: 'v1', title: 'One', type: 'video', duration: 600 },
      channel: { _id: 'news', name: 'News', channelId: 'news' },
      userId: 'u1',
      userAgent: 'TestAgent/1',
      payload: PAYLOAD,
      fetch,
      timers,
    });
    const bodies = () => calls.map((c) => JSON.parse(c.init.body as string) as HeartbeatPayload);
    return { emitter, video, calls, bodies, unbind };
  }

  it('beats while playing with the spec payload: player, video, channel, user id, user agent', async () => {
    const { emitter, video, bodies, unbind } = setup();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(bodies()).toEqual([]); // not playing yet
    video.paused = false;
    video.currentTime = 12;
    emitter.emit('playing', { currentTime: 12 });
    await vi.advanceTimersByTimeAsync(0);
    expect(bodies()).toEqual([
      {
        player: { engine: 'native', currentTime: 12, duration: 600, paused: false, muted: true },
        video: { uid: 'v1', title: 'One', type: 'video', duration: 600 },
        channel: { _id: 'news', name: 'News', channelId: 'news' },
        userId: 'u1',
        userAgent: 'TestAgent/1',
        siteUid: 'demo',
        sentAt: '2026-03-01T12:02:00.000Z',
        payload: PAYLOAD,
      },
    ]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(bodies()).toHaveLength(2);
    unbind();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(bodies()).toHaveLength(2);
  });

  it('stops on pause and at the end; resuming does not beat before the interval', async () => {
    const { emitter, calls } = setup();
    emitter.emit('playing', { currentTime: 0 });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(10_000);
    emitter.emit('pause', { currentTime: 10 });
    await vi.advanceTimersByTimeAsync(5_000);
    emitter.emit('playing', { currentTime: 10 });
    await vi.advanceTimersByTimeAsync(44_999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2); // one interval after the first beat
    emitter.emit('ended', { duration: 600 });
    await vi.advanceTimersByTimeAsync(300_000);
    expect(calls).toHaveLength(2);
  });

  it('starts at once when bound to a video that is already playing', async () => {
    const emitter = createEmitter<PlayerEvents>();
    const { fetch, calls } = fakeFetch();
    const player = {
      on: emitter.on,
      video: {
        currentTime: 3,
        duration: Number.POSITIVE_INFINITY,
        paused: false,
        muted: false,
      } as HTMLVideoElement,
      engine: 'hls.js' as const,
    };
    const unbind = trackHeartbeat(player, {
      url: 'https://b/',
      intervalMs: 5_000,
      siteUid: 'demo',
      video: { uid: 'lc', title: 'Live', type: 'liveChannel', duration: 0 },
      channel: { _id: 'c', name: 'C', channelId: 'c' },
      userId: null,
      userAgent: 'UA',
      fetch,
      timers,
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(JSON.parse(calls[0]!.init.body as string).player).toMatchObject({
      duration: null,
      engine: 'hls.js',
    });
    unbind();
  });
});
