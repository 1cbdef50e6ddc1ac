import type { PlayerError } from '../errors';

/** The sources another company's player plays (the source map; decision 0059). */
export type ProviderKind = 'yt' | 'dm' | 'jw';

/** What play-url says of a provider source: its kind, the provider's video id and its API script. */
export interface ProviderSourceInfo {
  source: ProviderKind;
  videoId: string;
  scriptUrl: string;
}

/** How a provider player starts. */
export interface ProviderMountOptions {
  videoId: string;
  autoplay: boolean;
  muted: boolean;
  /** Seconds to start at (0 for the start or the live edge). */
  startTime: number;
}

/** What an adapter reports, in our facade's terms. */
export interface ProviderCallbacks {
  onReady(): void;
  onPlaying(): void;
  onPause(): void;
  /** The position or the length changed (read them from the engine). */
  onTime(): void;
  onEnded(): void;
  onMuted(): void;
  onError(error: PlayerError): void;
}

/** A provider's player behind one surface: the controls and the reads our facade needs. */
export interface ProviderEngine {
  play(): void;
  pause(): void;
  seek(seconds: number): void;
  setMuted(muted: boolean): void;
  currentTime(): number;
  duration(): number;
  paused(): boolean;
  muted(): boolean;
  destroy(): void;
}

/** setInterval and clearInterval (tests pass their own). */
export interface IntervalTimers {
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(id: unknown): void;
}

export const realIntervals: IntervalTimers = {
  setInterval: (fn, ms) => setInterval(fn, ms),
  clearInterval: (id) => clearInterval(id as ReturnType<typeof setInterval>),
};
