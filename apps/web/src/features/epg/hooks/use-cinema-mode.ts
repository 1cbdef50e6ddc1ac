import { EPG_CINEMA_IDLE_MS, type Milliseconds } from '@marquee/domain';
import { useCinemaMode as usePlayerCinemaMode } from '@marquee/player/react';

/**
 * Cinema mode (discovery-and-site §2.5 "In EPG mode cinema mode starts after 30 s idle"): true once
 * `enabled` has held for `idleMs` with no pointer, key, wheel or touch input; any input ends it.
 * The player's cinema mode with the EPG's 30 s (the watch screen uses the same hook with 2 s).
 */
export function useCinemaMode(enabled: boolean, idleMs: Milliseconds = EPG_CINEMA_IDLE_MS): boolean {
  return usePlayerCinemaMode(enabled, idleMs);
}
