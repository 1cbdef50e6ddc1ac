import type { TizenApi, TizenApplicationControl } from './tizen';

/**
 * A stand-in for Samsung Tizen's `window.tizen`, for the adapter's tests. It behaves as the TV's
 * web runtime does: `getCurrentApplication().getRequestedAppControl()` returns the app control the
 * app was launched with (the launcher's default operation with no data for a plain launch) and, after
 * a relaunch, the new one, announced by the `appcontrol` window event (the app is not reloaded:
 * config.xml's app-control has reload="disable"); `tvinputdevice.registerKey` throws for a key name
 * the set does not have, and `registerKeyBatch` answers asynchronously, calling its error callback
 * (and registering nothing) when any name is unknown.
 */
export const TIZEN_DEFAULT_OPERATION = 'http://tizen.org/appcontrol/operation/default';

/** The TV keys a 2017+ Samsung set knows (TVInputDevice names), as getSupportedKeys lists them. */
const TV_KEYS: Record<string, number> = {
  MediaPlayPause: 10252,
  MediaPlay: 415,
  MediaPause: 19,
  MediaStop: 413,
  MediaRewind: 412,
  MediaFastForward: 417,
  MediaTrackPrevious: 10232,
  MediaTrackNext: 10233,
  ColorF0Red: 403,
  Info: 457,
};

export interface FakeTizenOptions {
  /** The app control of the cold start; a plain launch without it. */
  launch?: TizenApplicationControl;
  /** Key names this set does not have (an older model). */
  missingKeys?: string[];
}

export interface FakeTizenControls {
  /** The TV launches the running app again with this app control. */
  relaunch(control: TizenApplicationControl): void;
  /** Key names registered so far. */
  registered: Set<string>;
  /** Calls the app made, by name, in order. */
  calls: string[];
  exited: boolean;
}

/** A Smart Hub PAYLOAD data item: JSON whose `values` is the app's own string. */
export function smartHubPayload(values: string): TizenApplicationControl {
  return {
    operation: 'http://samsung.com/appcontrol/operation/eden_resume',
    data: [{ key: 'PAYLOAD', value: [JSON.stringify({ values })] }],
  };
}

export function installFakeTizen(
  window: EventTarget & { tizen?: TizenApi },
  options: FakeTizenOptions = {},
): FakeTizenControls {
  const missing = new Set(options.missingKeys ?? []);
  const known = (name: string) => name in TV_KEYS && !missing.has(name);
  let requested: TizenApplicationControl = options.launch ?? { operation: TIZEN_DEFAULT_OPERATION, data: [] };

  const controls: FakeTizenControls = {
    registered: new Set(),
    calls: [],
    exited: false,
    relaunch(control) {
      requested = control;
      window.dispatchEvent(new Event('appcontrol'));
    },
  };

  const application = {
    getRequestedAppControl() {
      controls.calls.push('getRequestedAppControl');
      // A copy, as each call returns a new object on the TV.
      return {
        appControl: JSON.parse(JSON.stringify(requested)) as TizenApplicationControl,
        callerAppId: '',
      };
    },
    exit() {
      controls.calls.push('exit');
      controls.exited = true;
    },
  };

  window.tizen = {
    application: {
      getCurrentApplication: () => application,
    },
    tvinputdevice: {
      registerKey(name: string) {
        controls.calls.push(`registerKey:${name}`);
        if (!known(name)) throw new Error(`InvalidValuesError: ${name}`);
        controls.registered.add(name);
      },
      registerKeyBatch(names: string[], onSuccess?: () => void, onError?: (error: unknown) => void) {
        controls.calls.push('registerKeyBatch');
        const unknown = names.filter((name) => !known(name));
        setTimeout(() => {
          if (unknown.length) return onError?.(new Error(`InvalidValuesError: ${unknown.join(',')}`));
          for (const name of names) controls.registered.add(name);
          onSuccess?.();
        }, 0);
      },
    },
  };
  return controls;
}
