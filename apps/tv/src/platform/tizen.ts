import { watchNetwork } from './network';
import type { Platform } from './types';

/**
 * The part of Samsung Tizen's web device API (`window.tizen`) the app uses: the Application API
 * (the app control the app was launched or relaunched with, and exit) and the TV Input Device API
 * (registering the remote's media keys, which otherwise stay with the TV).
 */
export interface TizenApplicationControlData {
  key: string;
  value: string[];
}

export interface TizenApplicationControl {
  operation: string;
  uri?: string | null;
  mime?: string | null;
  category?: string | null;
  data?: TizenApplicationControlData[];
}

export interface TizenApi {
  application?: {
    getCurrentApplication(): {
      getRequestedAppControl(): { appControl: TizenApplicationControl; callerAppId?: string } | null;
      exit(): void;
    };
  };
  tvinputdevice?: {
    registerKeyBatch?(keyNames: string[], onSuccess?: () => void, onError?: (error: unknown) => void): void;
    registerKey?(keyName: string): void;
  };
}

type EventSource = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

/** Where the adapter finds `tizen` and hears `appcontrol` (the page's window, or a fake). */
export interface TizenEnvironment {
  window: EventSource & { tizen?: TizenApi };
}

const pageEnvironment = (): TizenEnvironment => ({
  window: globalThis as unknown as TizenEnvironment['window'],
});

/** Remote keys to register (TVInputDevice names) so the app receives them. */
export const TIZEN_MEDIA_KEYS = [
  'MediaPlayPause',
  'MediaPlay',
  'MediaPause',
  'MediaStop',
  'MediaRewind',
  'MediaFastForward',
];

/** The window event a running app hears when it is launched again with a new app control. */
export const TIZEN_APPCONTROL_EVENT = 'appcontrol';

const isContentUrl = (value: unknown): value is string =>
  typeof value === 'string' && /^(https?:\/\/|\/)/.test(value.trim());

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A url or contentTarget inside a payload's values: the URL itself, or JSON (text or object) carrying it. */
function urlIn(values: unknown): string | null {
  if (isContentUrl(values)) return values.trim();
  const object = typeof values === 'string' ? parseJson(values) : values;
  if (!object || typeof object !== 'object') return null;
  const { url, contentTarget } = object as { url?: unknown; contentTarget?: unknown };
  if (isContentUrl(url)) return url.trim();
  if (isContentUrl(contentTarget)) return contentTarget.trim();
  return null;
}

/**
 * The content URL an app control carries, or null for a plain launch. Smart Hub (Preview tiles,
 * search) sends it as the `PAYLOAD` data item: JSON whose `values` is the app's own string, here
 * the URL or JSON with `url`; another app may send it as the control's `uri`.
 */
export function tizenLaunchUrl(control: TizenApplicationControl | null | undefined): string | null {
  if (!control) return null;
  const payload = control.data?.find((item) => item.key === 'PAYLOAD')?.value?.[0];
  if (typeof payload === 'string') {
    const parsed = parseJson(payload);
    const url = urlIn(
      parsed && typeof parsed === 'object' ? (parsed as { values?: unknown }).values : payload,
    );
    if (url) return url;
  }
  return isContentUrl(control.uri) ? control.uri.trim() : null;
}

/** Calls a device API, ignoring one that is missing or throws (not on a TV, or a privilege missing). */
function attempt<T>(call: () => T): T | undefined {
  try {
    return call();
  } catch {
    return undefined;
  }
}

/** Registers the media keys in one batch; where the batch fails (a key this set lacks), each alone. */
function registerMediaKeys(input: NonNullable<TizenApi['tvinputdevice']>) {
  const each = () => {
    for (const key of TIZEN_MEDIA_KEYS) attempt(() => input.registerKey?.(key));
  };
  if (!input.registerKeyBatch) return each();
  try {
    input.registerKeyBatch(TIZEN_MEDIA_KEYS, undefined, each);
  } catch {
    each();
  }
}

/**
 * Samsung Tizen (decision 0074): Back is 10009 (the Return key, delivered without registration),
 * the media keys are registered through `tizen.tvinputdevice`; the app control the app was launched
 * with (cold start) and each one it is relaunched with (`appcontrol`) go through the §2.1 deep-link
 * rule; the network toasts.
 */
export function createTizenPlatform(env: () => TizenEnvironment = pageEnvironment): Platform {
  const requestedUrl = (api: TizenApi | undefined) =>
    attempt(() =>
      tizenLaunchUrl(api?.application?.getCurrentApplication().getRequestedAppControl()?.appControl),
    ) ?? null;

  return {
    type: 'tizen',
    label: 'Samsung Tizen',
    keys: {
      10009: 'back',
      27: 'back',
      10252: 'playPause',
      415: 'play',
      19: 'pause',
      413: 'stop',
      412: 'rewind',
      417: 'fastForward',
      10182: 'exit',
    },
    setup(ctx) {
      const { window: win } = env();
      const input = win.tizen?.tvinputdevice;
      if (input) registerMediaKeys(input);
      let live = true;
      const open = () => {
        const url = requestedUrl(win.tizen);
        if (live && url) ctx.openContent?.(url);
      };
      open();
      win.addEventListener(TIZEN_APPCONTROL_EVENT, open);
      const stopNetwork = watchNetwork(ctx);
      return () => {
        live = false;
        win.removeEventListener(TIZEN_APPCONTROL_EVENT, open);
        stopNetwork();
      };
    },
    exitApp() {
      const app = attempt(() => env().window.tizen?.application?.getCurrentApplication());
      if (!app) return false;
      attempt(() => app.exit());
      return true;
    },
  };
}

export const tizen: Platform = createTizenPlatform();
