import { createContext, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { remoteAction, type Platform, type RemoteAction } from '../platform';

/** Returns true when it handled the key (the key then goes no further, spatial navigation included). */
export type RemoteHandler = (action: RemoteAction, event: KeyboardEvent) => boolean | void;

interface RemoteApi {
  platform: Platform;
  push(handler: RemoteHandler): () => void;
}

const RemoteContext = createContext<RemoteApi | null>(null);

/**
 * One capture-phase keydown listener for the app. Screens push handlers (the latest first); `fallback`
 * handles what none of them took (e.g. Back). Arrows and Enter that nobody takes go on to
 * spatial navigation.
 */
export function RemoteProvider({
  platform,
  fallback,
  children,
}: {
  platform: Platform;
  fallback: RemoteHandler;
  children: ReactNode;
}) {
  const stack = useRef<RemoteHandler[]>([]);
  const fallbackRef = useRef(fallback);
  // eslint-disable-next-line react-hooks/refs -- latest-callback ref: the effect subscribes once and calls the newest callback
  fallbackRef.current = fallback;

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const action = remoteAction(platform, event);
      if (!action) return;
      if (action === 'back' && event.keyCode === 8 && isTyping(event.target)) return;
      const handlers = [...stack.current].reverse();
      for (const handler of [...handlers, fallbackRef.current]) {
        if (handler(action, event) === true) {
          event.preventDefault();
          event.stopPropagation();
          return;
        }
      }
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [platform]);

  const api = useMemo<RemoteApi>(
    () => ({
      platform,
      push(handler) {
        stack.current.push(handler);
        return () => {
          stack.current = stack.current.filter((h) => h !== handler);
        };
      },
    }),
    [platform],
  );

  return <RemoteContext.Provider value={api}>{children}</RemoteContext.Provider>;
}

function isTyping(target: EventTarget | null) {
  const el = target as HTMLElement | null;
  return !!el && (el.isContentEditable || /^(INPUT|TEXTAREA)$/.test(el.tagName));
}

/** Handles remote keys while the calling screen is mounted. */
export function useRemote(handler: RemoteHandler) {
  const ctx = useContext(RemoteContext);
  const ref = useRef(handler);
  // eslint-disable-next-line react-hooks/refs -- latest-callback ref: the effect subscribes once and calls the newest callback
  ref.current = handler;
  useEffect(() => ctx?.push((action, event) => ref.current(action, event)), [ctx]);
}

/** The current platform variant. */
export function usePlatform(): Platform | null {
  return useContext(RemoteContext)?.platform ?? null;
}
