// Toasts (playback-and-social §9: "Toasts: 5 s timeout, 300 ms show and hide, no duplicates. The
// link-copied toast is 750 ms.").
import { ms } from './units';

export const TOAST_TIMEOUT_MS = ms(5000);
export const TOAST_FADE_MS = ms(300);
export const LINK_COPIED_TOAST_MS = ms(750);

export type ToastEntry = { id: number; message: string; kind: string };

/**
 * "No duplicates": a message already on screen is not shown twice (the existing one stays, and
 * the caller restarts its timer). Returns the list and the entry that is showing the message.
 */
export function pushToast<T extends ToastEntry>(
  list: readonly T[],
  next: T,
): { list: T[]; shown: T; added: boolean } {
  const same = list.find((t) => t.message === next.message);
  if (same) return { list: [...list], shown: same, added: false };
  return { list: [...list, next], shown: next, added: true };
}
