import type { Platform } from '../platform';

/** What Back does where no screen took it. */
export type BackOutcome = 'history' | 'home' | 'confirmExit';

/**
 * Back as TV platforms expect it: back in history, else home; at the root (the home grid) it asks
 * before leaving the app (Samsung's, LG's and VIZIO's app guidelines: Back on the first screen
 * offers to exit, and never leaves unasked).
 */
export function backOutcome({
  atHome,
  historyIndex,
}: {
  atHome: boolean;
  historyIndex: number;
}): BackOutcome {
  if (atHome) return 'confirmExit';
  return historyIndex > 0 ? 'history' : 'home';
}

/**
 * Leaves the app for the TV's launcher: the platform's own call (Tizen's application exit, VIZIO's
 * exitApplication), else `window.close()` (how a webOS web app exits; a desktop browser ignores it).
 */
export function exitApp(platform: Pick<Platform, 'exitApp'>, win: Pick<Window, 'close'>) {
  if (platform.exitApp?.() === true) return;
  win.close();
}
