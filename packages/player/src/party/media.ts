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
