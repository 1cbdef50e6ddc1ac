import { init, setKeyMap } from '@noriginmedia/norigin-spatial-navigation';

let started = false;

/**
 * Starts spatial navigation once: arrows move focus between focusables, Enter presses them. Focus also
 * moves the DOM focus (for the visible ring and screen readers); screens scroll the focused item
 * into view themselves.
 */
export function startSpatialNavigation() {
  if (started) return;
  started = true;
  init({
    debug: false,
    visualDebug: false,
    shouldFocusDOMNode: true,
    domNodeFocusOptions: { preventScroll: true },
    throttle: 80,
    throttleKeypresses: true,
  });
  setKeyMap({
    left: [37, 'ArrowLeft'],
    up: [38, 'ArrowUp'],
    right: [39, 'ArrowRight'],
    down: [40, 'ArrowDown'],
    enter: [13, 'Enter'],
  });
}
