import { onFirstGesture } from '../autoplay';
import { fromUnknownError, type PlayerError } from '../errors';
import { createEmitter } from '../events';
import { monotonicNow } from '../now';
import { buildPlayerOptions, type PlayerOptions } from '../options';
import type { Player, PlayerEvents } from '../player';
import { AUTO_QUALITY } from '../quality';
import { dailymotionApi, mountDailymotion, type DailymotionNamespace } from './dailymotion';
import { jwplayerApi, mountJwPlayer, type JwPlayerFunction } from './jwplayer';
import { loadProviderScript, type ScriptDocument } from './script-loader';
import type { IntervalTimers, ProviderCallbacks, ProviderEngine, ProviderSourceInfo } from './types';
import { mountYouTube, youtubeApi, type YouTubeNamespace } from './youtube';

export interface ProviderPlayerOptions extends Omit<PlayerOptions, 'src' | 'expiresAt' | 'renewSource'> {
  provider: ProviderSourceInfo;
  /** Where the provider APIs are looked up and the script is added (tests pass fakes). */
  win?: Record<string, unknown>;
  doc?: ScriptDocument;
  timers?: IntervalTimers;
  scriptTimeoutMs?: number;
}

/**
 * What the player's hooks read of `player.video` (heartbeat, smart pause, party sync, the embed
 * bridge…), kept from the provider's player: an HTMLMediaElement-shaped event target whose
 * `playing`, `pause`, `timeupdate`, `ended` and `volumechange` events follow the provider's.
 */
class ProviderMedia extends EventTarget {
  engine: ProviderEngine | null = null;
  ready = false;
  ended = false;
  seeking = false;
  playbackRate = 1;
  readonly textTracks: never[] = [];

  constructor(private readonly startMuted: boolean) {
    super();
  }

  get currentTime() {
    return this.engine?.currentTime() ?? 0;
  }
  set currentTime(seconds: number) {
    this.engine?.seek(seconds);
  }
  get duration() {
    const d = this.engine?.duration() ?? 0;
    return Number.isFinite(d) && d > 0 ? d : NaN;
  }
  get paused() {
    return this.engine?.paused() ?? true;
  }
  get muted() {
    return this.engine?.muted() ?? this.startMuted;
  }
  set muted(muted: boolean) {
    this.engine?.setMuted(muted);
  }
  get readyState() {
    return this.ready ? 4 : 0;
  }
  get seekable() {
    const end = this.duration;
    const length = Number.isFinite(end) ? 1 : 0;
    return { length, start: () => 0, end: () => (length ? end : 0) };
  }
  play() {
    this.engine?.play();
    return Promise.resolve();
  }
  pause() {
    this.engine?.pause();
  }
  fire(name: string) {
    this.dispatchEvent(new Event(name));
  }
}

function mountFor(
  provider: ProviderSourceInfo,
  win: Record<string, unknown>,
  doc: ScriptDocument | undefined,
  timeoutMs: number | undefined,
  timers: IntervalTimers | undefined,
) {
  const base = { url: provider.scriptUrl, doc, timeoutMs };
  switch (provider.source) {
    case 'yt':
      return loadProviderScript<YouTubeNamespace>({
        ...base,
        api: () => youtubeApi.api(win),
        whenReady: youtubeApi.whenReady(win),
      }).then(
        (YT) => (host: HTMLElement, o: Parameters<typeof mountYouTube>[2], cb: ProviderCallbacks) =>
          mountYouTube(YT, host, o, cb, timers),
      );
    case 'dm':
      return loadProviderScript<DailymotionNamespace>({ ...base, api: () => dailymotionApi.api(win) }).then(
        (dm) => (host: HTMLElement, o: Parameters<typeof mountDailymotion>[2], cb: ProviderCallbacks) =>
          mountDailymotion(dm, host, o, cb),
      );
    case 'jw':
      return loadProviderScript<JwPlayerFunction>({ ...base, api: () => jwplayerApi.api(win) }).then(
        (jw) => (host: HTMLElement, o: Parameters<typeof mountJwPlayer>[2], cb: ProviderCallbacks) =>
          mountJwPlayer(jw, host, o, cb),
      );
  }
}

/**
 * Plays a YouTube, Dailymotion or JW Player source in `container` through the provider's own player
 * API (the source map; decision 0059), behind the same facade as `createPlayer`: ready, playing,
 * pause, timeupdate, ended, error and mutedchange. The provider's script is loaded now, and only
 * now; when it cannot be loaded the error says the provider could not be reached.
 */
export function createProviderPlayer(container: HTMLElement, input: ProviderPlayerOptions): Player {
  const createdAt = monotonicNow();
  const options = buildPlayerOptions({ ...input, src: input.provider.scriptUrl });
  const { provider } = input;
  const emitter = createEmitter<PlayerEvents>();
  const media = new ProviderMedia(options.muted);
  const cleanups: Array<() => void> = [];
  let destroyed = false;

  const reportError = (error: PlayerError) => {
    if (destroyed) return;
    input.onError?.(error);
    emitter.emit('error', error);
  };
  const duration = () => (Number.isFinite(media.duration) ? media.duration : 0);
  /** The element event our hooks listen to, then the facade's own, unless destroyed. */
  const relay =
    <K extends keyof PlayerEvents>(
      domEvent: string,
      event: K,
      payload: () => PlayerEvents[K],
      before?: () => void,
    ) =>
    () => {
      if (destroyed) return;
      before?.();
      media.fire(domEvent);
      emitter.emit(event, payload());
    };
  const at = () => ({ currentTime: media.currentTime });
  const callbacks: ProviderCallbacks = {
    onReady: relay(
      'loadedmetadata',
      'ready',
      () => ({ engine: provider.source, duration: duration() }),
      () => (media.ready = true),
    ),
    onPlaying: relay('playing', 'playing', at, () => (media.ended = false)),
    onPause: relay('pause', 'pause', at),
    onTime: relay('timeupdate', 'timeupdate', () => ({
      currentTime: media.currentTime,
      duration: duration(),
    })),
    onEnded: relay(
      'ended',
      'ended',
      () => ({ duration: duration() }),
      () => (media.ended = true),
    ),
    onMuted: relay('volumechange', 'mutedchange', () => ({ muted: media.muted })),
    onError: reportError,
  };

  // The provider replaces the element it is given (YouTube puts its iframe in its place).
  const host = container.ownerDocument.createElement('div');
  host.style.width = '100%';
  host.style.height = '100%';
  container.appendChild(host);
  cleanups.push(() => host.remove());

  const win = input.win ?? (globalThis as unknown as Record<string, unknown>);
  mountFor(provider, win, input.doc, input.scriptTimeoutMs, input.timers).then(
    (mount) => {
      if (destroyed) return;
      media.engine = mount(
        host,
        {
          videoId: provider.videoId,
          autoplay: options.autoplay,
          muted: options.muted,
          startTime: options.startTime,
        },
        callbacks,
      );
    },
    (error: unknown) =>
      reportError(
        error && typeof error === 'object' && 'message' in error && 'kind' in error
          ? (error as PlayerError)
          : fromUnknownError(error),
      ),
  );

  if (options.unmuteOnGesture) {
    const target = input.gestureTarget ?? (typeof document === 'undefined' ? null : document);
    if (target) cleanups.push(onFirstGesture(target, () => media.engine?.setMuted(false)));
  }

  const seek = (seconds: number) => {
    const end = duration();
    media.engine?.seek(Math.max(0, end > 0 ? Math.min(seconds, end) : seconds));
  };

  return {
    video: media as unknown as HTMLVideoElement,
    engine: provider.source,
    live: options.live,
    createdAt,
    play: async () => media.engine?.play(),
    pause: () => media.engine?.pause(),
    togglePlay: () => (media.paused ? media.engine?.play() : media.engine?.pause()),
    seek,
    seekBy: (delta) => seek(media.currentTime + delta),
    setMuted: (muted) => media.engine?.setMuted(muted),
    qualities: () => [],
    quality: () => AUTO_QUALITY,
    setQuality: () => undefined,
    audioTracks: () => [],
    audioTrack: () => -1,
    setAudioTrack: () => undefined,
    on: emitter.on,
    off: emitter.off,
    destroy() {
      if (destroyed) return;
      destroyed = true;
      media.engine?.destroy();
      media.engine = null;
      for (const cleanup of cleanups.splice(0)) cleanup();
      emitter.clear();
    },
  };
}
