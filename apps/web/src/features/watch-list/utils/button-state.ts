/** The watch-list button's own state (discovery-and-site §2.10): busy with a call, and its error. */
export type WatchListButtonState = { busy: boolean; error: string | null };

export type WatchListButtonEvent =
  | { type: 'start' }
  /** The watchListChanged event: the list's cache has the change, so the button takes clicks again. */
  | { type: 'changed' }
  | { type: 'failed'; message: string };

export const IDLE_WATCH_LIST_BUTTON: WatchListButtonState = { busy: false, error: null };

export function watchListButtonReducer(
  state: WatchListButtonState,
  event: WatchListButtonEvent,
): WatchListButtonState {
  switch (event.type) {
    case 'start':
      return { busy: true, error: null };
    case 'changed':
      return state.busy ? { ...state, busy: false } : state;
    case 'failed':
      return { busy: false, error: event.message };
  }
}

/**
 * What a click does: nothing while busy, signup for an anonymous viewer (with the intended action),
 * else the toggle: remove what is in the list, add what is not.
 */
export function watchListClick(
  state: WatchListButtonState,
  viewer: { signedIn: boolean; inList: boolean },
): 'ignore' | 'signup' | 'add' | 'remove' {
  if (state.busy) return 'ignore';
  if (!viewer.signedIn) return 'signup';
  return viewer.inList ? 'remove' : 'add';
}
