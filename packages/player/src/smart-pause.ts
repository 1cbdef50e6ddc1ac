/**
 * Smart pause and resume (playback-and-social §4.4 "Smart pause and resume use a paused flag"):
 * the video pauses when the page is hidden, and resumes when it shows again only if this module
 * paused it (the flag). A viewer's own pause is never undone.
 */

export interface PausablePlayer {
  readonly video: { readonly paused: boolean; readonly ended?: boolean };
  play(): Promise<void> | void;
  pause(): void;
}

export interface SmartPause {
  /** The page went hidden: pause if playing, and remember that we did. */
  hide(): void;
  /** The page is visible again: resume only if we paused it. */
  show(): void;
  /** Whether playback is paused by us (the flag). */
  readonly pausedByUs: boolean;
}

export function createSmartPause(player: PausablePlayer): SmartPause {
  let pausedByUs = false;
  return {
    hide() {
      if (player.video.paused || player.video.ended) return;
      pausedByUs = true;
      player.pause();
    },
    show() {
      if (!pausedByUs) return;
      pausedByUs = false;
      if (player.video.paused) void player.play();
    },
    get pausedByUs() {
      return pausedByUs;
    },
  };
}

export interface VisibilitySource {
  readonly visibilityState: string;
  addEventListener(type: 'visibilitychange', fn: () => void): void;
  removeEventListener(type: 'visibilitychange', fn: () => void): void;
}

/** Follows `document.visibilityState`; returns the unbind function. */
export function bindSmartPause(doc: VisibilitySource, player: PausablePlayer): () => void {
  const smart = createSmartPause(player);
  const onChange = () => (doc.visibilityState === 'hidden' ? smart.hide() : smart.show());
  doc.addEventListener('visibilitychange', onChange);
  return () => doc.removeEventListener('visibilitychange', onChange);
}
