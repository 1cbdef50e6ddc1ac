import { describe, expect, it, vi } from 'vitest';
import { trackHeartbeat, type HeartbeatPayload } from '../heartbeat';
import { trackProgress, type ProgressRecorder } from '../progress';
import type { PlayerError } from '../errors';
import type { DailymotionNamespace, DailymotionState } from './dailymotion';
import type { JwPlayerInstance } from './jwplayer';
import { createProviderPlayer } from './provider-player';
import { loadProviderScript, PROVIDER_UNREACHABLE_MESSAGE, type ScriptDocument } from './script-loader';
import type { IntervalTimers, ProviderSourceInfo } from './types';
import { YT_STATE, type YouTubeNamespace, type YouTubePlayer } from './youtube';

// Fakes of each provider's documented surface; no timings: intervals and timeouts are fired by hand.

type FakeScript = {
  src: string;
  async: boolean;
  onload: (() => void) | null;
  onerror: (() => void) | null;
  remove(): void;
};

function fakeDocument() {
  const scripts: FakeScript[] = [];
  const doc: ScriptDocument = {
    createElement: () => {
      const script: FakeScript = {
        src: '',
        async: false,
        onload: null,
        onerror: null,
        remove: () => undefined,
      };
      return script;
    },
    head: { appendChild: (node) => scripts.push(node as FakeScript) },
  };
  return { doc, scripts };
}

function manualIntervals() {
  const running = new Map<number, () => void>();
  let next = 0;
  const timers: IntervalTimers = {
    setInterval: (fn) => {
      running.set(++next, fn);
      return next;
    },
    clearInterval: (id) => running.delete(id as number),
  };
  return { timers, tick: () => [...running.values()].forEach((fn) => fn()), count: () => running.size };
}

function fakeContainer() {
  const host = { id: '', style: {} as Record<string, string>, remove: vi.fn() };
  const container = { ownerDocument: { createElement: () => host }, appendChild: vi.fn() };
  return { host, container: container as unknown as HTMLElement };
}

let urlCount = 0;
const freshUrl = (name: string) => `http://stand-in.test/${name}-${++urlCount}.js`;

describe('loadProviderScript', () => {
  it('adds the script once per URL and resolves with the API once it says it is ready', async () => {
    const { doc, scripts } = fakeDocument();
    const win: Record<string, unknown> = {};
    const url = freshUrl('yt');
    const options = {
      url,
      doc,
      api: () => win.api as string | undefined,
      whenReady: (ready: () => void) => (win.onReady = ready),
      setTimeout: () => 1,
      clearTimeout: () => undefined,
    };
    const first = loadProviderScript(options);
    const second = loadProviderScript(options);
    expect(scripts).toHaveLength(1);
    expect(scripts[0]!.src).toBe(url);
    scripts[0]!.onload!(); // loaded, not ready yet
    win.api = 'YT';
    (win.onReady as () => void)();
    await expect(first).resolves.toBe('YT');
    await expect(second).resolves.toBe('YT');
    // Already there: no second script.
    await expect(loadProviderScript(options)).resolves.toBe('YT');
    expect(scripts).toHaveLength(1);
  });

  it('a script that fails to load, or is not ready in time: "could not be reached"; a retry loads it again', async () => {
    const { doc, scripts } = fakeDocument();
    const url = freshUrl('dm');
    let fireTimeout: () => void = () => undefined;
    const options = {
      url,
      doc,
      api: () => undefined,
      setTimeout: (fn: () => void) => {
        fireTimeout = fn;
        return 1;
      },
      clearTimeout: () => undefined,
    };
    const failed = loadProviderScript(options);
    scripts[0]!.onerror!();
    await expect(failed).rejects.toMatchObject({ message: PROVIDER_UNREACHABLE_MESSAGE, fatal: true });
    const hung = loadProviderScript(options);
    expect(scripts).toHaveLength(2);
    fireTimeout();
    await expect(hung).rejects.toMatchObject({ message: PROVIDER_UNREACHABLE_MESSAGE, kind: 'network' });
  });
});

/** A fake of the YouTube IFrame Player API (`YT.Player`), driven by the test. */
function fakeYouTube() {
  const made: { element: unknown; options: ConstructorParameters<YouTubeNamespace['Player']>[1] }[] = [];
  const state = { time: 0, duration: 120, muted: true };
  const target: YouTubePlayer = {
    playVideo: vi.fn(),
    pauseVideo: vi.fn(),
    seekTo: vi.fn((s: number) => (state.time = s)),
    mute: vi.fn(() => (state.muted = true)),
    unMute: vi.fn(() => (state.muted = false)),
    isMuted: () => state.muted,
    getCurrentTime: () => state.time,
    getDuration: () => state.duration,
    getPlayerState: () => YT_STATE.UNSTARTED,
    destroy: vi.fn(),
  };
  const YT = {
    Player: class {
      constructor(element: unknown, options: ConstructorParameters<YouTubeNamespace['Player']>[1]) {
        made.push({ element, options });
      }
    },
  } as unknown as YouTubeNamespace;
  const events = () => made[0]!.options.events!;
  return { YT, made, target, state, events };
}

const collect = (player: ReturnType<typeof createProviderPlayer>) => {
  const seen: string[] = [];
  const errors: PlayerError[] = [];
  player.on('ready', ({ engine }) => seen.push(`ready:${engine}`));
  player.on('playing', ({ currentTime }) => seen.push(`playing@${currentTime}`));
  player.on('pause', ({ currentTime }) => seen.push(`pause@${currentTime}`));
  player.on('timeupdate', ({ currentTime }) => seen.push(`time@${currentTime}`));
  player.on('ended', ({ duration }) => seen.push(`ended@${duration}`));
  player.on('mutedchange', ({ muted }) => seen.push(`muted:${muted}`));
  player.on('error', (e) => errors.push(e));
  return { seen, errors };
};

const flush = () => new Promise((r) => setImmediate(r));

describe('createProviderPlayer over YouTube', () => {
  const source = (): ProviderSourceInfo => ({
    source: 'yt',
    videoId: 'aqz-KE-bpKQ',
    scriptUrl: freshUrl('yt'),
  });
  const youTubePlayer = () => {
    const yt = fakeYouTube();
    const intervals = manualIntervals();
    const { host, container } = fakeContainer();
    const player = createProviderPlayer(container, {
      provider: source(),
      win: { YT: yt.YT },
      doc: fakeDocument().doc,
      timers: intervals.timers,
      gestureTarget: null,
    });
    return { yt, intervals, host, player };
  };

  it('loads no script when the API is there, makes a YT.Player and reports its states as our events', async () => {
    const yt = fakeYouTube();
    const { doc, scripts } = fakeDocument();
    const intervals = manualIntervals();
    const { host, container } = fakeContainer();
    const player = createProviderPlayer(container, {
      provider: source(),
      autoplay: true,
      startTime: 30,
      win: { YT: yt.YT },
      doc,
      timers: intervals.timers,
      gestureTarget: null,
    });
    const { seen, errors } = collect(player);
    await flush();
    expect(scripts).toHaveLength(0);
    expect(yt.made).toHaveLength(1);
    expect(yt.made[0]!.element).toBe(host);
    expect(yt.made[0]!.options).toMatchObject({
      videoId: 'aqz-KE-bpKQ',
      playerVars: { autoplay: 1, mute: 1, start: 30, playsinline: 1 },
    });
    expect(player.engine).toBe('yt');

    yt.events().onReady!({ target: yt.target });
    yt.state.time = 30;
    yt.events().onStateChange!({ data: YT_STATE.PLAYING, target: yt.target });
    expect(player.video.paused).toBe(false);
    yt.state.time = 31;
    intervals.tick();
    yt.state.time = 40;
    yt.events().onStateChange!({ data: YT_STATE.PAUSED, target: yt.target });
    expect(intervals.count()).toBe(0);
    expect(player.video.paused).toBe(true);
    yt.state.time = 120;
    yt.events().onStateChange!({ data: YT_STATE.ENDED, target: yt.target });
    expect(seen).toEqual([
      'ready:yt',
      'playing@30',
      'time@30',
      'time@31',
      'pause@40',
      'time@120',
      'ended@120',
    ]);
    expect(errors).toEqual([]);
    expect(player.video.ended).toBe(true);
    expect(player.video.duration).toBe(120);
  });

  it("maps the controls onto the API and YouTube's error codes onto ours; destroy ends it", async () => {
    const { yt, intervals, host, player } = youTubePlayer();
    const { seen, errors } = collect(player);
    await flush();
    yt.events().onReady!({ target: yt.target });
    await player.play();
    expect(yt.target.playVideo).toHaveBeenCalled();
    player.pause();
    expect(yt.target.pauseVideo).toHaveBeenCalled();
    player.seek(500);
    expect(yt.target.seekTo).toHaveBeenLastCalledWith(120, true);
    player.seekBy(-100);
    expect(yt.target.seekTo).toHaveBeenLastCalledWith(20, true);
    player.setMuted(false);
    expect(yt.target.unMute).toHaveBeenCalled();
    expect(seen).toContain('muted:false');
    yt.events().onError!({ data: 150 });
    expect(errors[0]).toMatchObject({ fatal: true, detail: 'YouTube error 150' });
    yt.events().onStateChange!({ data: YT_STATE.PLAYING, target: yt.target });
    player.destroy();
    expect(yt.target.destroy).toHaveBeenCalled();
    expect(host.remove).toHaveBeenCalled();
    expect(intervals.count()).toBe(0);
  });

  it('an unreachable API script is a fatal "could not be reached" error, never a hang', async () => {
    const { doc, scripts } = fakeDocument();
    const { container } = fakeContainer();
    const onError = vi.fn();
    const player = createProviderPlayer(container, {
      provider: source(),
      win: {},
      doc,
      onError,
      gestureTarget: null,
    });
    const { errors } = collect(player);
    expect(scripts).toHaveLength(1);
    scripts[0]!.onerror!();
    await flush();
    expect(errors).toEqual([expect.objectContaining({ message: PROVIDER_UNREACHABLE_MESSAGE, fatal: true })]);
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('progress tracking saves the positions the provider reports', async () => {
    const { yt, intervals, player } = youTubePlayer();
    const reports: number[] = [];
    const recorder = {
      report: (e: { progress: number }) => reports.push(e.progress),
      flush: vi.fn(),
      dispose: vi.fn(),
    };
    const page = { addEventListener: vi.fn(), removeEventListener: vi.fn() };
    trackProgress(player, recorder as unknown as ProgressRecorder, 'v1', page as never);
    await flush();
    yt.events().onReady!({ target: yt.target });
    yt.events().onStateChange!({ data: YT_STATE.PLAYING, target: yt.target });
    for (const t of [5, 10, 15, 21]) {
      yt.state.time = t;
      intervals.tick();
    }
    yt.events().onStateChange!({ data: YT_STATE.PAUSED, target: yt.target });
    expect(reports).toEqual([10, 21, 21]);
  });
  it("the heartbeat carries the provider's position and state", async () => {
    const { yt, intervals, player } = youTubePlayer();
    const due: (() => void)[] = [];
    const bodies: HeartbeatPayload[] = [];
    trackHeartbeat(player, {
      url: 'https://beats.example/hb',
      intervalMs: 60_000,
      siteUid: 'demo',
      video: { uid: 'ev', title: 'Event', type: 'liveEvent', duration: 0 },
      channel: { _id: 'events', name: 'Events', channelId: 'events' },
      userId: null,
      userAgent: 'TestAgent/1',
      fetch: (async (_url: unknown, init?: RequestInit) => {
        bodies.push(JSON.parse(init!.body as string) as HeartbeatPayload);
        return new Response(null, { status: 204 });
      }) as typeof fetch,
      timers: { setTimeout: (fn) => due.push(fn), clearTimeout: () => undefined, now: () => 0 },
    });
    await flush();
    yt.events().onReady!({ target: yt.target });
    yt.state.time = 42;
    yt.events().onStateChange!({ data: YT_STATE.PLAYING, target: yt.target });
    intervals.tick();
    due.shift()!();
    expect(bodies[0]!.player).toEqual({
      engine: 'yt',
      currentTime: 42,
      duration: 120,
      paused: false,
      muted: true,
    });
  });
});

describe('createProviderPlayer over Dailymotion', () => {
  it('dailymotion.createPlayer with the video, its events carry the state; mute is setVolume(0)', async () => {
    const handlers = new Map<string, (s: DailymotionState) => void>();
    const fakePlayer = {
      play: vi.fn(),
      pause: vi.fn(),
      seek: vi.fn(),
      setVolume: vi.fn(),
      on: (event: string, cb: (s: DailymotionState) => void) => handlers.set(event, cb),
    };
    const createPlayer = vi.fn(async () => fakePlayer);
    const dm = {
      createPlayer,
      destroy: vi.fn(),
      events: {
        VIDEO_PLAYING: 'video_playing',
        VIDEO_PAUSE: 'video_pause',
        VIDEO_TIMECHANGE: 'video_timechange',
        VIDEO_DURATIONCHANGE: 'video_durationchange',
        VIDEO_END: 'video_end',
        PLAYER_VOLUMECHANGE: 'player_volumechange',
        PLAYER_ERROR: 'player_error',
      },
    } satisfies DailymotionNamespace;
    const { host, container } = fakeContainer();
    const player = createProviderPlayer(container, {
      provider: { source: 'dm', videoId: 'x8abc12', scriptUrl: freshUrl('dm') },
      autoplay: true,
      win: { dailymotion: dm },
      doc: fakeDocument().doc,
      gestureTarget: null,
    });
    const { seen, errors } = collect(player);
    await flush();
    expect(createPlayer).toHaveBeenCalledWith(host.id, {
      video: 'x8abc12',
      params: { startTime: 0, mute: true },
    });
    expect(fakePlayer.play).toHaveBeenCalled();
    handlers.get('video_playing')!({ videoTime: 0, videoDuration: 60, playerIsPlaying: true });
    handlers.get('video_timechange')!({ videoTime: 12.5, videoDuration: 60 });
    player.setMuted(true);
    expect(fakePlayer.setVolume).toHaveBeenCalledWith(0);
    player.seek(20);
    expect(fakePlayer.seek).toHaveBeenCalledWith(20);
    handlers.get('video_pause')!({ videoTime: 20 });
    handlers.get('video_end')!({ videoTime: 60 });
    handlers.get('player_error')!({ playerError: { code: 'DM007' } });
    expect(seen).toEqual(['ready:dm', 'playing@0', 'time@12.5', 'muted:true', 'pause@20', 'ended@60']);
    expect(errors[0]).toMatchObject({ fatal: true, detail: 'DM007' });
    player.destroy();
    expect(dm.destroy).toHaveBeenCalledWith(host.id);
  });
});

describe('createProviderPlayer over JW Player', () => {
  it('jwplayer(id).setup with the media playlist; ready, play, time, complete as ours', async () => {
    const handlers = new Map<string, (e: Record<string, unknown>) => void>();
    const state = { position: 0, duration: 90, state: 'idle', mute: false };
    const instance: JwPlayerInstance = {
      setup: vi.fn(() => instance),
      on: (event, cb) => {
        handlers.set(event, cb);
        return instance;
      },
      play: vi.fn(),
      pause: vi.fn(),
      seek: vi.fn(),
      setMute: vi.fn(),
      getMute: () => state.mute,
      getPosition: () => state.position,
      getDuration: () => state.duration,
      getState: () => state.state,
      remove: vi.fn(),
    };
    const jwplayer = vi.fn(() => instance);
    const { host, container } = fakeContainer();
    const player = createProviderPlayer(container, {
      provider: { source: 'jw', videoId: 'AbCd1234', scriptUrl: freshUrl('jw') },
      startTime: 15,
      win: { jwplayer },
      doc: fakeDocument().doc,
      gestureTarget: null,
    });
    const { seen } = collect(player);
    await flush();
    expect(jwplayer).toHaveBeenCalledWith(host.id);
    expect(instance.setup).toHaveBeenCalledWith(
      expect.objectContaining({
        playlist: 'https://cdn.jwplayer.com/v2/media/AbCd1234',
        autostart: false,
        starttime: 15,
      }),
    );
    handlers.get('ready')!({});
    state.state = 'playing';
    state.position = 15;
    handlers.get('play')!({});
    state.position = 16;
    handlers.get('time')!({ position: 16 });
    expect(player.video.paused).toBe(false);
    state.position = 90;
    handlers.get('complete')!({});
    handlers.get('setupError')!({ message: 'Invalid license key' });
    expect(seen).toEqual(['ready:jw', 'playing@15', 'time@16', 'ended@90']);
    player.destroy();
    expect(instance.remove).toHaveBeenCalled();
  });
});
