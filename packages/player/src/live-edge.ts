import type { Player } from './player';

/** §4.7 "A link-type live event seeks [...] when the player is more than 3 s behind." */
export const LIVE_EDGE_MAX_BEHIND_S = 3;

/** The parts of a player `keepAtLiveEdge` uses (a fake in tests). */
export type LiveEdgePlayer = Pick<Player, 'on' | 'seek'> & {
  readonly video: Pick<HTMLVideoElement, 'currentTime' | 'paused' | 'seeking' | 'seekable'>;
};

export interface KeepAtLiveEdgeOptions {
  /** Seconds behind the edge that trigger a seek (default LIVE_EDGE_MAX_BEHIND_S). */
  maxBehindS?: number;
  /**
   * Where "live" is, in media seconds: the spec's "time elapsed since its start" for an event
   * (`() => (Date.now() - startMs) / 1000`). Either way the target is capped by the end of the
   * seekable range, so a real live stream is held at its edge. Without it: the end of the range.
   */
  liveTime?: () => number;
}

/** The live position: `liveTime` capped by the end of the seekable range; null when unknown. */
export function liveEdgeTarget(player: LiveEdgePlayer, liveTime?: () => number): number | null {
  const range = player.video.seekable;
  const end = range && range.length > 0 ? range.end(range.length - 1) : null;
  const wanted = liveTime ? liveTime() : end;
  if (wanted === null || !Number.isFinite(wanted)) return end;
  return end === null ? wanted : Math.min(wanted, end);
}

/**
 * Keeps a live playback at the live edge (playback-and-social §4.7): on each time update while
 * playing, when the position is more than `maxBehindS` behind the live position, seeks there. A
 * paused or seeking player is left alone. Returns a function that stops it.
 */
export function keepAtLiveEdge(player: LiveEdgePlayer, options: KeepAtLiveEdgeOptions = {}): () => void {
  const maxBehind = options.maxBehindS ?? LIVE_EDGE_MAX_BEHIND_S;
  const check = () => {
    const { video } = player;
    if (video.paused || video.seeking) return;
    const target = liveEdgeTarget(player, options.liveTime);
    if (target === null) return;
    if (target - video.currentTime > maxBehind) player.seek(target);
  };
  const offTime = player.on('timeupdate', check);
  const offPlaying = player.on('playing', check);
  return () => {
    offTime();
    offPlaying();
  };
}
