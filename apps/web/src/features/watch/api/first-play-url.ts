import type { PlayableUrl } from '@marquee/api-client';

type FirstPlayUrl = {
  uid: string;
  /** The answer itself when the page came with it (nothing to wait for). */
  value?: PlayableUrl;
  answer: Promise<PlayableUrl>;
};

let held: FirstPlayUrl | null = null;

/**
 * Keeps the play-url answer the page started with (inlined by the server for an anonymous viewer, or
 * asked at boot), for the watch screen the page opens on (decision 0085).
 */
export function holdFirstPlayUrl(uid: string, answer: PlayableUrl | Promise<PlayableUrl>): void {
  if (answer instanceof Promise) {
    // Taken or not, a failed boot call is no unhandled rejection: the screen asks again.
    answer.catch(() => undefined);
    held = { uid, answer };
  } else held = { uid, value: answer, answer: Promise.resolve(answer) };
}

/**
 * The held answer for `uid`, once: the first watch screen of the page load takes it, any later one
 * (or a retry) asks play-url afresh, as signed URLs expire.
 */
export function takeFirstPlayUrl(uid: string): Omit<FirstPlayUrl, 'uid'> | null {
  if (held?.uid !== uid) return null;
  const { value, answer } = held;
  held = null;
  return { value, answer };
}
