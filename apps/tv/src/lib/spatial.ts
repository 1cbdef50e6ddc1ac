import {
  BaseWebAdapter,
  init,
  setKeyMap,
  type AddEventListenersOptions,
} from '@noriginmedia/norigin-spatial-navigation';
import { createArrowThrottle } from './key-throttle';

let started = false;

/**
 * The browser adapter with the remote's key throttle in front of spatial navigation: held arrows
 * are slowed down, Enter always passes (see key-throttle.ts). The library's own `throttle` option
 * is not used: it throttles every key it handles, so an Enter right after an arrow was dropped.
 */
class ThrottledWebAdapter extends BaseWebAdapter {
  override addEventListeners({ keyDown, keyUp }: AddEventListenersOptions) {
    const gate = createArrowThrottle();
    super.addEventListeners({
      keyDown: (key, event) => {
        if (gate.keyDown(key, event as KeyboardEvent)) keyDown?.(key, event);
      },
      keyUp: (key) => {
        gate.keyUp(key);
        keyUp?.(key);
      },
    });
  }
}

/**
 * Starts spatial navigation once: arrows move focus between focusables, Enter presses them. Focus also
 * moves the DOM focus (for the visible ring and screen readers); screens scroll the focused item
 * into view themselves. Back never reaches spatial navigation (lib/remote.tsx handles it).
 */
export function startSpatialNavigation() {
  if (started) return;
  started = true;
  init({
    debug: false,
    visualDebug: false,
    shouldFocusDOMNode: true,
    domNodeFocusOptions: { preventScroll: true },
    layoutAdapter: ThrottledWebAdapter,
  });
  setKeyMap({
    left: [37, 'ArrowLeft'],
    up: [38, 'ArrowUp'],
    right: [39, 'ArrowRight'],
    down: [40, 'ArrowDown'],
    enter: [13, 'Enter'],
  });
}
