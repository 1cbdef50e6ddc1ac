import { onFirstGesture } from './autoplay';
import { attachHlsJs, attachNative, type EngineHandle } from './engines';
import { fromMediaError, fromUnknownError, type PlayerError } from './errors';
import { createEmitter, type Listener } from './events';
import { monotonicNow } from './now';
import { buildPlayerOptions, chooseEngine, type EngineKind, type PlayerOptions } from './options';
import { AUTO_QUALITY, type QualityLevel } from './quality';
import type { AudioTrackInfo } from './tracks';

export interface PlayerEvents {
  ready: { engine: EngineKind; duration: number };
  playing: { currentTime: number };
  pause: { currentTime: number };
  timeupdate: { currentTime: number; duration: number };
  ended: { duration: number };
  error: PlayerError;
  mutedchange: { muted: boolean };
  /** The renditions (hls.js levels) or the picked one changed. */
  qualities: { levels: QualityLevel[]; current: number };
  /** The audio renditions or the playing one changed. */
  audiotracks: { tracks: AudioTrackInfo[]; current: number };
  /** hls.js switched the rendition playing (the first one included), with its bits per second. */
  levelswitch: { bitrate: number };
}

export interface Player {
  readonly video: HTMLVideoElement;
  readonly engine: EngineKind;
  readonly live: boolean;
  /** When the player was made and began loading its source (`monotonicNow()`): the play intent. */
  readonly createdAt: number;
  play(): Promise<void>;
  pause(): void;
  togglePlay(): void;
  /** Seeks to an absolute position in seconds (clamped to the seekable range). */
  seek(seconds: number): void;
  /** Seeks relative to the current position. */
  seekBy(delta: number): void;
  setMuted(muted: boolean): void;
  /** The renditions the viewer can pick: hls.js levels; empty for native HLS and files. */
  qualities(): QualityLevel[];
  /** The picked rendition index, or AUTO_QUALITY (-1). */
  quality(): number;
  /** Picks a rendition (AUTO_QUALITY for automatic); switches at the next segment. */
  setQuality(index: number): void;
  /** The stream's audio renditions (hls.js audio tracks, or the element's own); often just one. */
  audioTracks(): AudioTrackInfo[];
  /** The playing audio rendition's index, -1 when unknown. */
  audioTrack(): number;
  setAudioTrack(index: number): void;
  on<K extends keyof PlayerEvents>(event: K, listener: Listener<PlayerEvents[K]>): () => void;
  off<K extends keyof PlayerEvents>(event: K, listener: Listener<PlayerEvents[K]>): void;
  destroy(): void;
}

function defaultGestureTarget() {
  return typeof document === 'undefined' ? null : document;
}

/**
 * Plays `options.src` in `video`: native HLS where the browser has it, hls.js otherwise.
 * With `autoplay`, it starts muted (allowed everywhere, headless included) and unmutes on the
 * first user gesture.
 */
export function createPlayer(video: HTMLVideoElement, input: PlayerOptions): Player {
  const createdAt = monotonicNow();
  const options = buildPlayerOptions(input);
  const engine = chooseEngine(options.src, (type) => video.canPlayType(type), options.drm);
  const emitter = createEmitter<PlayerEvents>();
  const cleanups: Array<() => void> = [];
  let handle: EngineHandle | null = null;
  let destroyed = false;

  const reportError = (error: PlayerError) => {
    if (destroyed) return;
    input.onError?.(error);
    emitter.emit('error', error);
  };

  const listen = <K extends keyof HTMLMediaElementEventMap>(name: K, fn: () => void) => {
    video.addEventListener(name, fn);
    cleanups.push(() => video.removeEventListener(name, fn));
  };

  const duration = () => (Number.isFinite(video.duration) ? video.duration : 0);

  listen('playing', () => emitter.emit('playing', { currentTime: video.currentTime }));
  listen('pause', () => emitter.emit('pause', { currentTime: video.currentTime }));
  listen('timeupdate', () =>
    emitter.emit('timeupdate', { currentTime: video.currentTime, duration: duration() }),
  );
  listen('ended', () => emitter.emit('ended', { duration: duration() }));
  listen('volumechange', () => emitter.emit('mutedchange', { muted: video.muted }));
  listen('error', () => {
    // With hls.js attached, the element's own errors are reported by hls.js instead.
    if (engine !== 'hls.js') reportError(fromMediaError(video.error));
  });

  video.muted = options.muted;
  video.playsInline = true;
  video.setAttribute('playsinline', '');
  if (options.muted) video.setAttribute('muted', '');

  if (options.unmuteOnGesture) {
    const target = input.gestureTarget ?? defaultGestureTarget();
    if (target) cleanups.push(onFirstGesture(target, () => (video.muted = false)));
  }

  const play = async () => {
    try {
      await video.play();
    } catch (error) {
      // play() is interrupted by pause()/destroy() all the time; only report real refusals.
      if (error instanceof Error && error.name === 'AbortError') return;
      reportError(fromUnknownError(error));
    }
  };

  const callbacks = {
    onReady: () => {
      if (destroyed) return;
      emitter.emit('ready', { engine, duration: duration() });
      if (options.autoplay) void play();
    },
    onError: reportError,
    onQualities: () => {
      if (destroyed || !handle) return;
      emitter.emit('qualities', {
        levels: handle.qualities?.() ?? [],
        current: handle.quality?.() ?? AUTO_QUALITY,
      });
    },
    onLevelSwitched: (bitrate: number) => {
      if (!destroyed) emitter.emit('levelswitch', { bitrate });
    },
    onAudioTracks: () => {
      if (destroyed || !handle) return;
      emitter.emit('audiotracks', {
        tracks: handle.audioTracks?.() ?? [],
        current: handle.audioTrack?.() ?? -1,
      });
    },
  };

  if (engine === 'hls.js') {
    attachHlsJs(video, options, callbacks, () => destroyed).then(
      (h) => {
        if (destroyed) h?.destroy();
        else {
          handle = h;
          // The manifest may have been parsed before the handle arrived.
          callbacks.onQualities();
          callbacks.onAudioTracks();
        }
      },
      (error: unknown) => reportError(fromUnknownError(error)),
    );
  } else {
    handle = attachNative(video, options, callbacks);
    callbacks.onAudioTracks();
  }

  const seek = (seconds: number) => {
    const range = video.seekable;
    let target = Math.max(0, seconds);
    if (range && range.length > 0) {
      target = Math.min(Math.max(target, range.start(0)), range.end(range.length - 1));
    } else if (duration() > 0) {
      target = Math.min(target, duration());
    }
    video.currentTime = target;
  };

  return {
    video,
    engine,
    live: options.live,
    createdAt,
    play,
    pause: () => video.pause(),
    togglePlay: () => (video.paused ? void play() : video.pause()),
    seek,
    seekBy: (delta) => seek(video.currentTime + delta),
    setMuted: (muted) => {
      video.muted = muted;
    },
    qualities: () => handle?.qualities?.() ?? [],
    quality: () => handle?.quality?.() ?? AUTO_QUALITY,
    setQuality: (index) => handle?.setQuality?.(index),
    audioTracks: () => handle?.audioTracks?.() ?? [],
    audioTrack: () => handle?.audioTrack?.() ?? -1,
    setAudioTrack: (index) => handle?.setAudioTrack?.(index),
    on: emitter.on,
    off: emitter.off,
    destroy() {
      if (destroyed) return;
      destroyed = true;
      video.pause();
      handle?.destroy();
      handle = null;
      for (const cleanup of cleanups.splice(0)) cleanup();
      emitter.clear();
    },
  };
}
