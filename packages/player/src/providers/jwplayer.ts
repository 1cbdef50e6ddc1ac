import { VIDEO_ERROR_MESSAGE } from '../errors';
import type { ProviderCallbacks, ProviderEngine, ProviderMountOptions } from './types';

/** The part of a JW Player instance (`jwplayer(id)`) the adapter uses. */
export interface JwPlayerInstance {
  setup(config: Record<string, unknown>): JwPlayerInstance;
  on(event: string, callback: (event: Record<string, unknown>) => void): JwPlayerInstance;
  play(): void;
  pause(): void;
  seek(seconds: number): void;
  setMute(muted: boolean): void;
  getMute(): boolean;
  getPosition(): number;
  getDuration(): number;
  getState(): string;
  remove(): void;
}

/** The global `jwplayer` of the cloud-hosted library (`cdn.jwplayer.com/libraries/{playerId}.js`). */
export type JwPlayerFunction = (id: string) => JwPlayerInstance;

export const jwplayerApi = {
  api: (win: Record<string, unknown>) =>
    typeof win.jwplayer === 'function' ? (win.jwplayer as JwPlayerFunction) : undefined,
};

/** JW Player's delivery API: the playlist of one media id. */
export const jwPlaylistUrl = (mediaId: string) =>
  `https://cdn.jwplayer.com/v2/media/${encodeURIComponent(mediaId)}`;

let nextId = 0;

/**
 * Plays a JW Player media id in `host`: `jwplayer(id).setup({ playlist, autostart, mute })`, then its
 * `ready`, `play`, `pause`, `time`, `complete`, `mute`, `error` and `setupError` events.
 */
export function mountJwPlayer(
  jwplayer: JwPlayerFunction,
  host: HTMLElement,
  options: ProviderMountOptions,
  cb: ProviderCallbacks,
): ProviderEngine {
  if (!host.id) host.id = `mq-jwplayer-${++nextId}`;
  const player = jwplayer(host.id);
  let removed = false;
  const fail = (e: Record<string, unknown>) =>
    cb.onError({
      kind: 'unknown',
      message: VIDEO_ERROR_MESSAGE,
      fatal: true,
      detail: typeof e.message === 'string' ? e.message : 'JW Player error',
    });
  player
    .setup({
      playlist: jwPlaylistUrl(options.videoId),
      autostart: options.autoplay,
      mute: options.muted,
      width: '100%',
      height: '100%',
      ...(options.startTime > 0 ? { starttime: Math.floor(options.startTime) } : {}),
    })
    .on('ready', () => cb.onReady())
    .on('play', () => cb.onPlaying())
    .on('pause', () => cb.onPause())
    .on('time', () => cb.onTime())
    .on('complete', () => cb.onEnded())
    .on('mute', () => cb.onMuted())
    .on('error', fail)
    .on('setupError', fail);
  const live = () => !removed;
  return {
    play: () => live() && player.play(),
    pause: () => live() && player.pause(),
    seek: (seconds) => live() && player.seek(seconds),
    setMuted: (muted) => live() && player.setMute(muted),
    currentTime: () => (live() ? player.getPosition() : 0),
    duration: () => (live() ? Math.max(0, player.getDuration()) : 0),
    paused: () => !live() || !['playing', 'buffering'].includes(player.getState()),
    muted: () => live() && player.getMute(),
    destroy: () => {
      if (removed) return;
      removed = true;
      player.remove();
    },
  };
}
