// D§2.10 watch-list button: toggles add and remove, ignores clicks while busy, and resets on the
// watchListChanged event (fired on `window`; a bare EventTarget stands in for it here).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emitWatchListChanged, onWatchListChanged } from '../hooks/use-watch-list-changed';
import {
  IDLE_WATCH_LIST_BUTTON,
  watchListButtonReducer,
  watchListClick,
  type WatchListButtonState,
} from './button-state';

beforeEach(() => {
  vi.stubGlobal('window', new EventTarget());
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const signedIn = (inList: boolean) => ({ signedIn: true, inList });

describe('watch-list button', () => {
  it('toggles: adds what is not in the list, removes what is', () => {
    expect(watchListClick(IDLE_WATCH_LIST_BUTTON, signedIn(false))).toBe('add');
    expect(watchListClick(IDLE_WATCH_LIST_BUTTON, signedIn(true))).toBe('remove');
  });

  it('sends an anonymous viewer to signup', () => {
    expect(watchListClick(IDLE_WATCH_LIST_BUTTON, { signedIn: false, inList: false })).toBe('signup');
  });

  it('ignores clicks while busy, and takes them again once watchListChanged fires', () => {
    let state: WatchListButtonState = watchListButtonReducer(IDLE_WATCH_LIST_BUTTON, { type: 'start' });
    const stop = onWatchListChanged(() => {
      state = watchListButtonReducer(state, { type: 'changed' });
    });
    expect(watchListClick(state, signedIn(false))).toBe('ignore');
    expect(watchListClick(state, { signedIn: false, inList: false })).toBe('ignore');
    emitWatchListChanged({ contentId: 'm1', inList: true });
    expect(state.busy).toBe(false);
    expect(watchListClick(state, signedIn(true))).toBe('remove');
    stop();
    state = watchListButtonReducer(state, { type: 'start' });
    emitWatchListChanged({ contentId: 'm1', inList: false });
    expect(state.busy).toBe(true);
  });

  it('a failed call frees the button and keeps the error until the next try', () => {
    const failed = watchListButtonReducer(watchListButtonReducer(IDLE_WATCH_LIST_BUTTON, { type: 'start' }), {
      type: 'failed',
      message: 'Try again',
    });
    expect(failed).toEqual({ busy: false, error: 'Try again' });
    expect(watchListButtonReducer(failed, { type: 'start' })).toEqual({ busy: true, error: null });
  });
});
