/**
 * What party sync needs of a player: an HTMLMediaElement-like object (the player facade, a `<video>`
 * behind a small adapter, or the bench's simulated element). Positions are seconds.
 */
export type PartyMedia = {
  readonly currentTime: number;
  readonly paused: boolean;
  /** True while a seek is buffering (HTMLMediaElement.seeking); sync waits for it. */
  readonly seeking?: boolean;
  playbackRate: number;
  play(): void | Promise<void>;
  pause(): void;
  seek(seconds: number): void;
};

/** What `partyMedia` needs of the player facade (`createPlayer`'s `Player` has it). */
type PlayerLike = {
  readonly video: Pick<HTMLVideoElement, 'currentTime' | 'paused' | 'seeking' | 'playbackRate'>;
  play(): Promise<void>;
  pause(): void;
  seek(seconds: number): void;
};

/**
 * The player facade as party media: positions and state from its `<video>`, commands through the
 * facade (so its seek clamps to the seekable range and its events fire as usual).
 */
export function partyMedia(player: PlayerLike): PartyMedia {
  const { video } = player;
  return {
    get currentTime() {
      return video.currentTime;
    },
    get paused() {
      return video.paused;
    },
    get seeking() {
      return video.seeking;
    },
    get playbackRate() {
      return video.playbackRate;
    },
    set playbackRate(rate) {
      video.playbackRate = rate;
    },
    play: () => player.play(),
    pause: () => player.pause(),
    seek: (seconds) => player.seek(seconds),
  };
}
