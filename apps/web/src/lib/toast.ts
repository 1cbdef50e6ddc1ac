// The site-wide toasts (playback-and-social §9): 5 s, 300 ms show and hide, no duplicates.
import { TOAST_FADE_MS, TOAST_TIMEOUT_MS, pushToast } from '@marquee/domain';
import { useSyncExternalStore } from 'react';

export type ToastKind = 'info' | 'success' | 'error';

export interface Toast {
  id: number;
  message: string;
  kind: ToastKind;
  /** True during the 300 ms hide. */
  leaving: boolean;
}

// One module-level store: a toast outlives the screen that raised it (an error toast stays up
// while the next video loads).
let toasts: Toast[] = [];
let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

function remove(id: number) {
  toasts = toasts.filter((t) => t.id !== id);
  timers.delete(id);
  emit();
}

/** Starts the 300 ms hide, then removes the toast. */
export function dismissToast(id: number) {
  clearTimeout(timers.get(id));
  toasts = toasts.map((t) => (t.id === id ? { ...t, leaving: true } : t));
  emit();
  timers.set(
    id,
    setTimeout(() => remove(id), TOAST_FADE_MS),
  );
}

/**
 * Shows `message` for `durationMs` (5 s; 750 ms for 'Link copied'). A message already showing is
 * not repeated: its timer restarts instead.
 */
export function showToast(
  message: string,
  kind: ToastKind = 'info',
  durationMs: number = TOAST_TIMEOUT_MS,
): number {
  const { list, shown } = pushToast(toasts, { id: nextId++, message, kind, leaving: false });
  toasts = list.map((t) => (t.id === shown.id ? { ...t, leaving: false } : t));
  clearTimeout(timers.get(shown.id));
  timers.set(
    shown.id,
    setTimeout(() => dismissToast(shown.id), durationMs),
  );
  emit();
  return shown.id;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The toasts on screen now. */
export function getToasts(): Toast[] {
  return toasts;
}

export function useToasts(): Toast[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
}
