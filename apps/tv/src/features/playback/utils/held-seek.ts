import { HOTKEY_SEEK_SECONDS } from '@marquee/player';

export type SeekDirection = 'back' | 'forward';

/** While a seek key is held, a step at most once per this many ms. */
export const HELD_SEEK_INTERVAL_MS = 200;

/**
 * The step of a held seek key by how long it has been held: faster the longer the viewer holds
 * (a press is the §4.4 hotkey's 5 s; a two-hour film is crossed in well under a minute).
 */
export const HELD_SEEK_STEPS: ReadonlyArray<{ afterMs: number; seconds: number }> = [
  { afterMs: 0, seconds: 10 },
  { afterMs: 2_000, seconds: 30 },
  { afterMs: 5_000, seconds: 60 },
];

/**
 * Long-press seek on the TV player (Left/Right, Rewind/Fast-forward). A press seeks 5 s; holding
 * the key seeks again on each of its repeats, at most once per interval, by a growing step;
 * releasing it stops. A key counts as held when it goes down again before its keyup, whether or not
 * the browser marks the keydown as a repeat (some TV browsers do not, as in key-throttle.ts).
 */
export function createHeldSeek(now: () => number = () => Date.now(), intervalMs = HELD_SEEK_INTERVAL_MS) {
  let held: { direction: SeekDirection; since: number; lastAt: number } | null = null;
  return {
    /** Seconds to seek by for this keydown (negative: back), or 0 while the repeat waits. */
    keyDown(direction: SeekDirection): number {
      const at = now();
      const sign = direction === 'back' ? -1 : 1;
      if (!held || held.direction !== direction) {
        held = { direction, since: at, lastAt: at };
        return sign * HOTKEY_SEEK_SECONDS;
      }
      if (at - held.lastAt < intervalMs) return 0;
      held.lastAt = at;
      const heldFor = at - held.since;
      const step = HELD_SEEK_STEPS.filter((s) => heldFor >= s.afterMs).at(-1)!;
      return sign * step.seconds;
    },
    /** The key went up (or the window lost focus): the next press is a fresh 5 s. */
    release() {
      held = null;
    },
    /** True while a seek key is held. */
    get holding() {
      return held !== null;
    },
  };
}
