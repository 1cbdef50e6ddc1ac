type GestureTarget = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

/** Events that count as a user gesture for unmuting (browsers allow sound after one of these). */
export const GESTURE_EVENTS = ['pointerdown', 'keydown', 'touchend', 'click'] as const;

/**
 * Calls `unmute` once, on the first user gesture on `target`. Returns a function that stops listening.
 * This lets autoplay start muted (which headless and mobile browsers allow) and get sound back
 * as soon as the viewer interacts with the page.
 */
export function onFirstGesture(target: GestureTarget, unmute: () => void): () => void {
  let done = false;
  const stop = () => {
    for (const name of GESTURE_EVENTS) target.removeEventListener(name, handler, true);
  };
  const handler = () => {
    if (done) return;
    done = true;
    stop();
    unmute();
  };
  for (const name of GESTURE_EVENTS) target.addEventListener(name, handler, true);
  return () => {
    done = true;
    stop();
  };
}
