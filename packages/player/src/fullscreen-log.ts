import type { FULLSCREEN_LOG_TYPES } from '@marquee/domain';

/** One entry of POST /v2/fullscreen-logs (playback-and-social §7; decision 0060). */
export type FullscreenLog = { type: (typeof FULLSCREEN_LOG_TYPES)[number]; args: [string, number] };

/** The document as fullscreen logging reads it (tests pass a fake). */
export type FullscreenDocument = Pick<Document, 'addEventListener' | 'removeEventListener'> & {
  fullscreenElement: Element | null;
  webkitFullscreenElement?: Element | null;
};

/**
 * Logs the video going fullscreen and back (`enter` / `exit`, with `[videoUid, currentTime]`):
 * the document's `fullscreenchange` (and Safari's `webkitfullscreenchange`) when the fullscreen
 * element is the video or holds it, and iOS's `webkitbeginfullscreen` / `webkitendfullscreen` on the
 * video itself. Each change is logged once, whichever events report it. Returns the unbind.
 */
export function trackFullscreen(
  video: HTMLVideoElement,
  videoUid: string,
  log: (entry: FullscreenLog) => void,
  doc: FullscreenDocument = document,
): () => void {
  let inFullscreen = false;
  const report = (now: boolean) => {
    if (now === inFullscreen) return;
    inFullscreen = now;
    const at = Number.isFinite(video.currentTime) ? Math.round(video.currentTime * 1000) / 1000 : 0;
    log({ type: now ? 'enter' : 'exit', args: [videoUid, at] });
  };
  const onDocument = () => {
    const el = doc.fullscreenElement ?? doc.webkitFullscreenElement ?? null;
    report(el !== null && (el === video || el.contains(video)));
  };
  const onBegin = () => report(true);
  const onEnd = () => report(false);
  doc.addEventListener('fullscreenchange', onDocument);
  doc.addEventListener('webkitfullscreenchange', onDocument);
  video.addEventListener('webkitbeginfullscreen', onBegin);
  video.addEventListener('webkitendfullscreen', onEnd);
  return () => {
    doc.removeEventListener('fullscreenchange', onDocument);
    doc.removeEventListener('webkitfullscreenchange', onDocument);
    video.removeEventListener('webkitbeginfullscreen', onBegin);
    video.removeEventListener('webkitendfullscreen', onEnd);
  };
}
