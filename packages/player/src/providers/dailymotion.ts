import { VIDEO_ERROR_MESSAGE } from '../errors';
import type { ProviderCallbacks, ProviderEngine, ProviderMountOptions } from './types';

/** The state object the Dailymotion Web SDK hands its event callbacks and `getState()`. */
export interface DailymotionState {
  videoTime?: number;
  videoDuration?: number;
  playerIsPlaying?: boolean;
  playerIsMuted?: boolean;
  playerVolume?: number;
  playerError?: { code?: string; title?: string; message?: string } | null;
}

/** The part of a Dailymotion Web SDK player the adapter uses. */
export interface DailymotionPlayer {
  play(): void;
  pause(): void;
  seek(seconds: number): void;
  /** `setMute` is deprecated for `setVolume(0)` (Web SDK changelog); volume 1 unmutes. */
  setVolume(volume: number): void;
  on(event: string, callback: (state: DailymotionState) => void): void;
  off?(event: string): void;
}

/** The global `dailymotion` of the Player Library Script (`geo.dailymotion.com/libs/player…js`). */
export interface DailymotionNamespace {
  createPlayer(
    elementId: string,
    options: { video: string; params?: Record<string, string | number | boolean> },
  ): Promise<DailymotionPlayer>;
  destroy?(elementId: string): void;
  events: Record<
    | 'VIDEO_PLAYING'
    | 'VIDEO_PAUSE'
    | 'VIDEO_TIMECHANGE'
    | 'VIDEO_DURATIONCHANGE'
    | 'VIDEO_END'
    | 'PLAYER_VOLUMECHANGE'
    | 'PLAYER_ERROR',
    string
  >;
}

export const dailymotionApi = {
  api: (win: Record<string, unknown>) => {
    const dm = win.dailymotion as Partial<DailymotionNamespace> | undefined;
    return typeof dm?.createPlayer === 'function' && dm.events ? (dm as DailymotionNamespace) : undefined;
  },
};

let nextId = 0;

/**
 * Plays a Dailymotion video in `host` through the Web SDK: `dailymotion.createPlayer(id, { video,
 * params })`, then `player.on(dailymotion.events.…)`. Its events carry the state (videoTime…).
 */
export function mountDailymotion(
  dm: DailymotionNamespace,
  host: HTMLElement,
  options: ProviderMountOptions,
  cb: ProviderCallbacks,
): ProviderEngine {
  if (!host.id) host.id = `mq-dailymotion-${++nextId}`;
  const id = host.id;
  let player: DailymotionPlayer | null = null;
  let destroyed = false;
  const last: Required<
    Pick<DailymotionState, 'videoTime' | 'videoDuration' | 'playerIsPlaying' | 'playerIsMuted'>
  > = {
    videoTime: options.startTime,
    videoDuration: 0,
    playerIsPlaying: false,
    playerIsMuted: options.muted,
  };
  const take = (s: DailymotionState) => {
    if (typeof s.videoTime === 'number') last.videoTime = s.videoTime;
    if (typeof s.videoDuration === 'number') last.videoDuration = s.videoDuration;
    if (typeof s.playerIsPlaying === 'boolean') last.playerIsPlaying = s.playerIsPlaying;
    if (typeof s.playerIsMuted === 'boolean') last.playerIsMuted = s.playerIsMuted;
  };
  const { events } = dm;
  dm.createPlayer(id, {
    video: options.videoId,
    params: { startTime: Math.floor(options.startTime), ...(options.muted ? { mute: true } : {}) },
  }).then(
    (p) => {
      if (destroyed) return;
      player = p;
      // Each event's state first, then what it means for our facade.
      const meaning: [string, Partial<DailymotionState>, () => void][] = [
        [events.VIDEO_PLAYING, { playerIsPlaying: true }, cb.onPlaying],
        [events.VIDEO_PAUSE, { playerIsPlaying: false }, cb.onPause],
        [events.VIDEO_TIMECHANGE, {}, cb.onTime],
        [events.VIDEO_DURATIONCHANGE, {}, cb.onTime],
        [events.VIDEO_END, { playerIsPlaying: false }, cb.onEnded],
        [events.PLAYER_VOLUMECHANGE, {}, cb.onMuted],
      ];
      for (const [event, implied, report] of meaning)
        p.on(event, (s) => {
          take({ ...s, ...implied });
          report();
        });
      p.on(events.PLAYER_ERROR, (s) =>
        cb.onError({
          kind: 'unknown',
          message: VIDEO_ERROR_MESSAGE,
          fatal: true,
          detail: s.playerError?.code ?? s.playerError?.title ?? 'Dailymotion error',
        }),
      );
      cb.onReady();
      if (options.autoplay) p.play();
    },
    (error: unknown) =>
      cb.onError({ kind: 'unknown', message: VIDEO_ERROR_MESSAGE, fatal: true, detail: String(error) }),
  );
  return {
    play: () => player?.play(),
    pause: () => player?.pause(),
    seek: (seconds) => player?.seek(seconds),
    setMuted: (muted) => {
      player?.setVolume(muted ? 0 : 1);
      last.playerIsMuted = muted;
      cb.onMuted();
    },
    currentTime: () => last.videoTime,
    duration: () => last.videoDuration,
    paused: () => !last.playerIsPlaying,
    muted: () => last.playerIsMuted,
    destroy: () => {
      destroyed = true;
      if (player) dm.destroy?.(id);
      player = null;
    },
  };
}
