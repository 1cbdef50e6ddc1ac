/** Spec constants for the player (playback-and-social §4.4, §9). */
import { CINEMA_IDLE_MS, EPG_CINEMA_IDLE_MS } from '@marquee/domain';

/** Controls hide after this much idle time while playing. */
export const CONTROLS_HIDE_MS = 2_000;
/** Cinema mode starts after this much idle time while playing (30 s in EPG mode); one source, the domain's. */
export const CINEMA_MODE_MS: number = CINEMA_IDLE_MS;
export const CINEMA_MODE_EPG_MS: number = EPG_CINEMA_IDLE_MS;
/** Video height / width (16:9). */
export const ASPECT_RATIO = 0.5625;
/** A viewport wider than this ratio (width / height) is landscape. */
export const LANDSCAPE_THRESHOLD = 1.1;
/** Seconds the Left/Right hotkeys seek. */
export const HOTKEY_SEEK_SECONDS = 5;
/** MIME type a browser reports when it plays HLS natively. */
export const HLS_MIME = 'application/vnd.apple.mpegurl';

/** Height of a 16:9 player of the given width. */
export function heightForWidth(width: number): number {
  return Math.round(width * ASPECT_RATIO);
}

/** True when a viewport is landscape by the spec's 1.1 threshold. */
export function isLandscape(width: number, height: number): boolean {
  return height > 0 && width / height > LANDSCAPE_THRESHOLD;
}
