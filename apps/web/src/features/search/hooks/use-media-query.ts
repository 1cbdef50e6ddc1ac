import { useSyncExternalStore } from 'react';

/** Whether a media query matches now, following changes (resize, rotation). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Desktop layout: the same 768 px line as the `web` / `webMobile` source. */
export const DESKTOP_QUERY = '(min-width: 768px)';
