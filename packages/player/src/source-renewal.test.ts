import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSourceRenewal, RENEW_LEAD_MS, RENEW_RETRY_MS } from './source-renewal';

const T0 = Date.parse('2026-03-01T12:00:00Z');
const MIN = 60_000;
const HOUR = 60 * MIN;
const iso = (ms: number) => new Date(ms).toISOString();
const src = '/media/tokA/asset1/master.m3u8';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => vi.useRealTimers());

describe('createSourceRenewal', () => {
  it('asks play-url again a minute before expiry and moves every later request onto the new token', async () => {
    const renew = vi.fn(async () => ({
      url: '/media/tokB/asset1/master.m3u8',
      expiresAt: iso(T0 + 20 * MIN),
    }));
    const r = createSourceRenewal({ src, expiresAt: iso(T0 + 10 * MIN), renew });
    const key = 'http://x/media/tokA/asset1/content.key';
    expect(r.rewrite(key)).toBe(key);
    await vi.advanceTimersByTimeAsync(10 * MIN - RENEW_LEAD_MS - 1);
    expect(renew).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(renew).toHaveBeenCalledTimes(1);
    expect(r.rewrite(key)).toBe('http://x/media/tokB/asset1/content.key');
    expect(r.rewrite('http://x/media/tokA/asset1/360p/seg_00001.ts')).toBe(
      'http://x/media/tokB/asset1/360p/seg_00001.ts',
    );
    // And again before the renewed token expires.
    await vi.advanceTimersByTimeAsync(10 * MIN);
    expect(renew).toHaveBeenCalledTimes(2);
    r.stop();
  });

  it('schedules nothing for a token this clock already sees expired (a skewed clock would loop)', async () => {
    const renew = vi.fn(async () => ({ url: '/media/tokB/asset1/master.m3u8', expiresAt: iso(T0 - MIN) }));
    const r = createSourceRenewal({ src, expiresAt: iso(T0 - 5 * MIN), renew });
    await vi.advanceTimersByTimeAsync(60 * MIN);
    expect(renew).not.toHaveBeenCalled();
    r.stop();
  });

  it("times the renewal by the server's clock when this device's is an hour ahead", async () => {
    const serverNow = () => Date.now() - HOUR; // this device reads T0 while the server reads T0 - 1 h
    const renew = vi.fn(async () => null);
    const r = createSourceRenewal({ src, expiresAt: iso(T0 - HOUR + 15 * MIN), now: serverNow, renew });
    await vi.advanceTimersByTimeAsync(15 * MIN - RENEW_LEAD_MS - 1);
    expect(renew).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(renew).toHaveBeenCalledTimes(1);
    r.stop();
  });

  it("renews a live channel's playlist token and leaves the segments' own tokens alone", async () => {
    const renew = vi.fn(async () => ({ url: '/live/L2/acme/linear/master.m3u8', expiresAt: null }));
    const r = createSourceRenewal({
      src: '/live/L1/acme/linear/master.m3u8',
      expiresAt: iso(T0 + 10 * MIN),
      renew,
    });
    await vi.advanceTimersByTimeAsync(10 * MIN);
    expect(r.rewrite('http://x/live/L1/acme/linear/360p.m3u8')).toBe(
      'http://x/live/L2/acme/linear/360p.m3u8',
    );
    expect(r.rewrite('http://x/media/S1/asset1/360p/seg_00001.ts')).toBe(
      'http://x/media/S1/asset1/360p/seg_00001.ts',
    );
    r.stop();
  });

  it('retries a failed renewal while the token lives, and stops on stop()', async () => {
    const renew = vi
      .fn<() => Promise<{ url: string; expiresAt: string | null } | null>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce(null)
      .mockResolvedValue({ url: '/media/tokC/asset1/master.m3u8', expiresAt: null });
    const r = createSourceRenewal({ src, expiresAt: iso(T0 + 10 * MIN), renew });
    await vi.advanceTimersByTimeAsync(10 * MIN - RENEW_LEAD_MS);
    expect(renew).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2 * RENEW_RETRY_MS);
    expect(renew).toHaveBeenCalledTimes(3);
    expect(r.rewrite('/media/tokA/asset1/x.ts')).toBe('/media/tokC/asset1/x.ts');
    // No expiry given: nothing more is scheduled.
    await vi.advanceTimersByTimeAsync(60 * MIN);
    expect(renew).toHaveBeenCalledTimes(3);
    r.stop();
  });

  it('renews halfway through a short life, never without an expiry or a token, and not after stop()', async () => {
    const renew = vi.fn(async () => null);
    const short = createSourceRenewal({ src, expiresAt: iso(T0 + 40_000), renew });
    await vi.advanceTimersByTimeAsync(20_000);
    expect(renew).toHaveBeenCalledTimes(1);
    short.stop();
    createSourceRenewal({ src, expiresAt: null, renew });
    createSourceRenewal({ src: 'https://cdn.example/movie.mp4', expiresAt: iso(T0 + MIN), renew });
    const stopped = createSourceRenewal({ src, expiresAt: iso(T0 + 10 * MIN), renew });
    stopped.stop();
    await vi.advanceTimersByTimeAsync(20 * MIN);
    expect(renew).toHaveBeenCalledTimes(1);
  });
});

describe("a player's renewal on a device clock an hour ahead of the server", () => {
  // hls.js takes the same options (engines.ts); it needs Media Source Extensions, so the native engine stands for both.
  /** Just enough of a <video> for the native engine: it notes every source it is given. */
  function fakeVideo() {
    const video = {
      src: '',
      currentSrc: '',
      currentTime: 0,
      paused: true,
      load: vi.fn(),
      play: vi.fn(async () => undefined),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      removeAttribute: vi.fn(),
      getAttribute: () => video.src,
    };
    return video;
  }

  it('native HLS asks play-url again a minute before the server-side expiry', async () => {
    const { attachNative } = await import('./engines');
    const { buildPlayerOptions } = await import('./options');
    const renewSource = vi.fn(async () => ({ url: '/media/tokB/asset1/master.m3u8', expiresAt: null }));
    // play-url answered at the server's T0 - 1 h with a 15-minute token; this device reads T0.
    const options = buildPlayerOptions({
      src,
      expiresAt: iso(T0 - HOUR + 15 * MIN),
      renewSource,
      serverNow: () => Date.now() - HOUR,
    });
    const video = fakeVideo();
    const handle = attachNative(video as unknown as HTMLVideoElement, options, {
      onReady: vi.fn(),
      onError: vi.fn(),
    });
    await vi.advanceTimersByTimeAsync(15 * MIN - RENEW_LEAD_MS - 1_000);
    expect(renewSource).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(renewSource).toHaveBeenCalledTimes(1);
    expect(video.src).toBe('/media/tokB/asset1/master.m3u8');
    handle.destroy();
  });
});

describe('switchSource (native HLS)', () => {
  it('loads the renewed URL and resumes at the same position, playing if it played', async () => {
    const { switchSource } = await import('./engines');
    const listeners: (() => void)[] = [];
    const video = {
      currentTime: 754.2,
      paused: false,
      src: src,
      load: vi.fn(),
      play: vi.fn(async () => undefined),
      addEventListener: (_type: string, fn: () => void) => listeners.push(fn),
    };
    switchSource(video as unknown as HTMLVideoElement, '/media/tokB/asset1/master.m3u8');
    expect(video.src).toBe('/media/tokB/asset1/master.m3u8');
    expect(video.load).toHaveBeenCalledTimes(1);
    video.currentTime = 0; // a new source starts from the top…
    for (const fn of listeners) fn(); // …until its metadata is in
    expect(video.currentTime).toBe(754.2);
    expect(video.play).toHaveBeenCalledTimes(1);
  });
});
