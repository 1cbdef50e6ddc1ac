import { VIDEO_ERROR_MESSAGE, PLAYBACK_UNAVAILABLE_MESSAGE, type PlayerError } from '../errors';
import {
  realIntervals,
  type IntervalTimers,
  type ProviderCallbacks,
  type ProviderEngine,
  type ProviderMountOptions,
} from './types';

/** The part of the YouTube IFrame Player API (`YT.Player`) the adapter uses. */
export interface YouTubePlayer {
  playVideo(): void;
  pauseVideo(): void;
  seekTo(seconds: number, allowSeekAhead: boolean): void;
  mute(): void;
  unMute(): void;
  isMuted(): boolean;
  getCurrentTime(): number;
  getDuration(): number;
  getPlayerState(): number;
  destroy(): void;
}

export interface YouTubeNamespace {
  Player: new (
    element: HTMLElement | string,
    options: {
      videoId: string;
      width?: string | number;
      height?: string | number;
      playerVars?: Record<string, string | number>;
      events?: {
        onReady?: (event: { target: YouTubePlayer }) => void;
        onStateChange?: (event: { data: number; target: YouTubePlayer }) => void;
        onError?: (event: { data: number }) => void;
      };
    },
  ) => YouTubePlayer;
}

/** `YT.PlayerState`. */
export const YT_STATE = { UNSTARTED: -1, ENDED: 0, PLAYING: 1, PAUSED: 2, BUFFERING: 3, CUED: 5 } as const;

/** How often the position is read while playing: the IFrame API has no time event. */
export const YT_TIME_POLL_MS = 250;

/** YouTube's `onError` codes: 2 bad id, 5 HTML5 error, 100 not found/private, 101/150 no embedding. */
export function fromYouTubeError(code: number): PlayerError {
  const detail = `YouTube error ${code}`;
  if (code === 5) return { kind: 'unsupported', message: PLAYBACK_UNAVAILABLE_MESSAGE, fatal: true, detail };
  return { kind: 'unknown', message: VIDEO_ERROR_MESSAGE, fatal: true, detail };
}

/** The API script: the global `YT` once `YT.Player` exists; its ready callback is `onYouTubeIframeAPIReady`. */
export const youtubeApi = {
  api: (win: Record<string, unknown>) => {
    const yt = win.YT as Partial<YouTubeNamespace> | undefined;
    return yt?.Player ? (yt as YouTubeNamespace) : undefined;
  },
  whenReady: (win: Record<string, unknown>) => (ready: () => void) => {
    const previous = win.onYouTubeIframeAPIReady as (() => void) | undefined;
    win.onYouTubeIframeAPIReady = () => {
      previous?.();
      ready();
    };
  },
};

/**
 * Plays a YouTube video in `host` through the IFrame Player API: `new YT.Player(host, { videoId,
 * playerVars, events: { onReady, onStateChange, onError } })`. The position is polled while playing.
 */
export function mountYouTube(
  YT: YouTubeNamespace,
  host: HTMLElement,
  options: ProviderMountOptions,
  cb: ProviderCallbacks,
  timers: IntervalTimers = realIntervals,
): ProviderEngine {
  let player: YouTubePlayer | null = null;
  let state: number = YT_STATE.UNSTARTED;
  let poll: unknown = null;
  let wasMuted = options.muted;
  const stopPolling = () => {
    if (poll !== null) timers.clearInterval(poll);
    poll = null;
  };
  const tick = () => {
    cb.onTime();
    const muted = player?.isMuted() ?? wasMuted;
    if (muted !== wasMuted) {
      wasMuted = muted;
      cb.onMuted();
    }
  };
  new YT.Player(host, {
    videoId: options.videoId,
    width: '100%',
    height: '100%',
    playerVars: {
      autoplay: options.autoplay ? 1 : 0,
      mute: options.muted ? 1 : 0,
      start: Math.floor(options.startTime),
      playsinline: 1,
      rel: 0,
    },
    events: {
      onReady: ({ target }) => {
        player = target;
        cb.onReady();
      },
      onStateChange: ({ data }) => {
        state = data;
        if (data === YT_STATE.PLAYING) {
          cb.onPlaying();
          tick();
          if (poll === null) poll = timers.setInterval(tick, YT_TIME_POLL_MS);
        } else if (data === YT_STATE.PAUSED) {
          stopPolling();
          cb.onPause();
        } else if (data === YT_STATE.ENDED) {
          stopPolling();
          cb.onTime();
          cb.onEnded();
        }
      },
      onError: ({ data }) => cb.onError(fromYouTubeError(data)),
    },
  });
  return {
    play: () => player?.playVideo(),
    pause: () => player?.pauseVideo(),
    seek: (seconds) => player?.seekTo(seconds, true),
    setMuted: (muted) => {
      if (muted) player?.mute();
      else player?.unMute();
      wasMuted = muted;
      cb.onMuted();
    },
    currentTime: () => player?.getCurrentTime() ?? 0,
    duration: () => player?.getDuration() ?? 0,
    paused: () => state !== YT_STATE.PLAYING && state !== YT_STATE.BUFFERING,
    muted: () => player?.isMuted() ?? wasMuted,
    destroy: () => {
      stopPolling();
      player?.destroy();
      player = null;
    },
  };
}
