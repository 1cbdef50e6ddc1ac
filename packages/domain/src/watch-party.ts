// Watch party sync rules (playback-and-social §4.9 and §9: "Progress is signalled every 3 s. Sync
// tolerance is 5 s. After more than 5 position mismatches the viewer is desynchronised. The bot
// message is 'You have lost sync with the host.'").
import { ms } from './units';

export const PARTY_PROGRESS_INTERVAL_MS = ms(3000);
export const PARTY_SYNC_TOLERANCE_S = 5;
/** Desynchronised after *more than* this many mismatches in a row. */
export const PARTY_MAX_MISMATCHES = 5;
export const PARTY_DESYNC_MESSAGE = 'You have lost sync with the host.';

/**
 * The mismatch count after one progress check: a viewer more than the tolerance away from the host
 * adds one, a viewer within it starts again from zero (a mismatch is counted in a row, so one seek
 * that a viewer follows a little late never adds up to a desync over a long party).
 */
export function nextMismatchCount(count: number, driftS: number): number {
  return Math.abs(driftS) > PARTY_SYNC_TOLERANCE_S ? count + 1 : 0;
}

/** "After more than 5 position mismatches the viewer is desynchronised." */
export const isDesynced = (mismatches: number): boolean => mismatches > PARTY_MAX_MISMATCHES;
