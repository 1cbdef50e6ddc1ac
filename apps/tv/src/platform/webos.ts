import { watchNetwork } from './network';
import type { Platform } from './types';

/** What webOS's web runtime exposes: the launch parameters (JSON text) on PalmSystem, or webOSSystem on newer sets. */
export interface WebosSystem {
  launchParams?: string | Record<string, unknown> | null;
}

type EventSource = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

/** Where the adapter finds the launch parameters and hears the relaunch (the page, or a fake). */
export interface WebosEnvironment {
  window: { PalmSystem?: WebosSystem; webOSSystem?: WebosSystem };
  document: EventSource;
}

const pageEnvironment = (): WebosEnvironment => ({
  window: globalThis as WebosEnvironment['window'],
  document: globalThis.document,
});

/** The document event webOS fires when the running (or suspended) app is launched again. */
export const WEBOS_RELAUNCH_EVENT = 'webOSRelaunch';

/** Launch parameters as the runtime hands them: JSON text (PalmSystem), or an object (an event's detail). */
function readParams(raw: unknown): Record<string, unknown> | null {
  if (raw && typeof raw === 'object') return raw as Record<string, unknown>;
  if (typeof raw !== 'string' || !raw.trim()) return null;
  try {
    const parsed = JSON.parse(raw) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The content URL in webOS launch parameters (`contentTarget`, as the home launcher and search send it), or null. */
export function webosLaunchUrl(raw: unknown): string | null {
  const target = readParams(raw)?.contentTarget;
  return typeof target === 'string' && target.trim() ? target.trim() : null;
}

/** The current launch parameters: webOSSystem (webOS 6+) first, then PalmSystem. */
function currentParams(win: WebosEnvironment['window']): unknown {
  try {
    return win.webOSSystem?.launchParams ?? win.PalmSystem?.launchParams ?? null;
  } catch {
    return null;
  }
}

/**
 * LG webOS (decision 0074): Back is 461 (delivered to the app: appinfo.json turns off webOS's own
 * history back), the media keys arrive without registration; the launch parameters' contentTarget
 * at cold start and at each relaunch (`webOSRelaunch`) go through the §2.1 deep-link rule; the
 * network toasts.
 */
export function createWebosPlatform(env: () => WebosEnvironment = pageEnvironment): Platform {
  return {
    type: 'webos',
    label: 'LG webOS',
    keys: {
      461: 'back',
      27: 'back',
      415: 'play',
      19: 'pause',
      413: 'stop',
      412: 'rewind',
      417: 'fastForward',
    },
    setup(ctx) {
      const { window: win, document: doc } = env();
      let live = true;
      const open = (raw: unknown) => {
        const url = webosLaunchUrl(raw);
        // No contentTarget: a plain launch (the app's icon), nothing to open.
        if (live && url) ctx.openContent?.(url);
      };
      open(currentParams(win));
      const onRelaunch = (event: Event) => {
        const detail = (event as CustomEvent<unknown>).detail;
        // The event carries the new parameters; where it does not, the runtime has updated launchParams.
        open(detail && typeof detail === 'object' ? detail : currentParams(win));
      };
      doc.addEventListener(WEBOS_RELAUNCH_EVENT, onRelaunch);
      const stopNetwork = watchNetwork(ctx);
      return () => {
        live = false;
        doc.removeEventListener(WEBOS_RELAUNCH_EVENT, onRelaunch);
        stopNetwork();
      };
    },
  };
}

export const webos: Platform = createWebosPlatform();
