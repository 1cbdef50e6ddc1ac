/** The screens a content-change URL may open (playback-and-social §2.1): its 4th path segment. */
const DEEP_LINK_SCREENS = ['play-live', 'play-video'];

/**
 * The app route (relative to the router's /tvn basename) a content-change URL opens, or null when it is not one the TV handles (the app then
 * shows 'There was an error processing your request. . .'). "Its 4th path segment" counts the empty
 * one before the leading slash, as `pathname.split('/')` does: /tvn/{type}/play-video/… has it at [3].
 */
export function deepLinkTarget(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url, 'http://tv.invalid');
  } catch {
    return null;
  }
  const segments = parsed.pathname.split('/');
  const screen = segments[3];
  if (!screen || !DEEP_LINK_SCREENS.includes(screen) || !segments[4]) return null;
  return `/${segments.slice(2).join('/')}${parsed.search}`;
}

/** The window event a TV shell (or a platform adapter) dispatches with a content-change URL. */
export const CONTENT_CHANGE_EVENT = 'marquee:content-change';

type EventSource = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

/**
 * Hands every content-change URL of the app's own window event to `openContent` (every platform).
 * The platforms' launch and relaunch parameters are their adapters' (tizen.ts, webos.ts, vizio.ts),
 * which hand them to the same `openContent` through `PlatformContext`.
 */
export function watchContentChanges(
  openContent: (url: string) => void,
  { window: win }: { window: EventSource },
): () => void {
  const onContentChange = (event: Event) => {
    const url = (event as CustomEvent<{ url?: unknown }>).detail?.url;
    openContent(typeof url === 'string' ? url : '');
  };
  win.addEventListener(CONTENT_CHANGE_EVENT, onContentChange);
  return () => win.removeEventListener(CONTENT_CHANGE_EVENT, onContentChange);
}
