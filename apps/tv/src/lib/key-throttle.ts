/** A held arrow moves focus at most once per this many ms. */
export const ARROW_REPEAT_MS = 80;

const ARROWS = new Set(['left', 'right', 'up', 'down']);

/** What the gate needs of a key event: whether the browser marks it as auto-repeat. */
export type KeyPress = { repeat?: boolean };

/**
 * The remote's key throttle. Only a held (auto-repeating) arrow is slowed down: its repeats pass at
 * most once per `intervalMs`. A fresh arrow press always passes, and so does every other key
 * (Enter and Back included), however soon after another key it comes. Keys are spatial
 * navigation's names (left, right, up, down, enter) or the app's remote actions.
 *
 * An arrow counts as held when the browser marks the keydown as a repeat, or when it goes down
 * again before its keyup (some TV browsers send repeats without the flag).
 */
export function createArrowThrottle(intervalMs = ARROW_REPEAT_MS, now: () => number = () => Date.now()) {
  const held = new Set<string>();
  let lastPassedAt = Number.NEGATIVE_INFINITY;
  return {
    /** True when this keydown may go on. */
    keyDown(key: string, event: KeyPress): boolean {
      if (!ARROWS.has(key)) return true;
      const repeated = event.repeat === true || held.has(key);
      held.add(key);
      const at = now();
      if (repeated && at - lastPassedAt < intervalMs) return false;
      lastPassedAt = at;
      return true;
    },
    keyUp(key: string) {
      held.delete(key);
    },
  };
}
