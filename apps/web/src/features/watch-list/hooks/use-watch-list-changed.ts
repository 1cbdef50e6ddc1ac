import { WATCH_LIST_CHANGED_EVENT } from '@marquee/domain';
import { useEffect } from 'react';

export type WatchListChange = { contentId: string; inList: boolean };

/**
 * "watchListChanged": fired on `window` after every add or remove has reached the list's cache
 * entry (any button, the return after sign-in). Watch-list buttons reset on it.
 */
export function emitWatchListChanged(change: WatchListChange): void {
  window.dispatchEvent(new CustomEvent<WatchListChange>(WATCH_LIST_CHANGED_EVENT, { detail: change }));
}

/** Calls `listener` on every watchListChanged event until the returned stop is called. */
export function onWatchListChanged(listener: (change: WatchListChange) => void): () => void {
  const onChange = (event: Event) => listener((event as CustomEvent<WatchListChange>).detail);
  window.addEventListener(WATCH_LIST_CHANGED_EVENT, onChange);
  return () => window.removeEventListener(WATCH_LIST_CHANGED_EVENT, onChange);
}

/** Calls `listener` on every watchListChanged event (give it a stable function). */
export function useWatchListChanged(listener: (change: WatchListChange) => void): void {
  useEffect(() => onWatchListChanged(listener), [listener]);
}
