import type { WebosSystem } from './webos';

/**
 * A stand-in for LG webOS's web runtime, for the adapter's tests. As on a set: the launch parameters
 * are JSON text on `window.PalmSystem.launchParams` (and `window.webOSSystem.launchParams` on webOS 6
 * and later, `newRuntime`), '{}' for a plain launch from the icon; a relaunch replaces them and fires
 * `webOSRelaunch` on the document with the new parameters as its detail.
 */
export interface FakeWebosOptions {
  /** The cold start's launch parameters; a plain launch without them. */
  launch?: Record<string, unknown>;
  /** webOS 6+: webOSSystem besides PalmSystem. */
  newRuntime?: boolean;
}

export interface FakeWebosControls {
  /** The TV launches the running app again with these parameters. */
  relaunch(params: Record<string, unknown>): void;
}

export function installFakeWebos(
  host: { window: { PalmSystem?: WebosSystem; webOSSystem?: WebosSystem }; document: EventTarget },
  options: FakeWebosOptions = {},
): FakeWebosControls {
  const system: WebosSystem = { launchParams: JSON.stringify(options.launch ?? {}) };
  host.window.PalmSystem = system;
  if (options.newRuntime) host.window.webOSSystem = system;
  return {
    relaunch(params) {
      system.launchParams = JSON.stringify(params);
      host.document.dispatchEvent(new CustomEvent('webOSRelaunch', { detail: params }));
    },
  };
}
