import { createRelay } from './relay';
import { watchNetwork } from './network';
import type { Platform, PlatformContext, PlatformDevice } from './types';

/**
 * The part of VIZIO SmartCast's companion library (`window.VIZIO`) the app uses. The TV serves the
 * library and it announces itself with VIZIO_LIBRARY_DID_LOAD on the document. Every member is
 * optional: older firmware lacks some, and the app must run without any.
 */
export interface VizioLibrary {
  /** The URL to show, at launch (a deep link into the app) and whenever the TV asks for other content. */
  setContentChangeHandler?(handler: (url: string) => void): void;
  /** The TV's closed-caption setting: called with it on registration and on each change. */
  setClosedCaptionHandler?(handler: (enabled: boolean) => void): void;
  /** The TV's system language, e.g. { code: 'es', name: 'Spanish' }. */
  setDeviceLanguageHandler?(handler: (language: { code?: string; name?: string }) => void): void;
  getDeviceId?(callback: (deviceId: string) => void): void;
  /** The advertising id: IFA, its type, and LMT (limit ad tracking). */
  setAdvertiserIDListener?(
    listener: (id: { IFA?: string; IFA_TYPE?: string; LMT?: boolean | number | string }) => void,
  ): void;
  deviceModel?: string;
  exitApplication?(): void;
}

/** The event the library dispatches on the document once `window.VIZIO` is there. */
export const VIZIO_LIBRARY_DID_LOAD = 'VIZIO_LIBRARY_DID_LOAD';

/**
 * How long the player payload waits for the library's device info before it goes on without (the
 * browser's is used). A library that loads later is still taken up.
 */
export const VIZIO_LIBRARY_WAIT_MS = 3_000;

type EventSource = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

/** Where the adapter finds the library and its load event (the page's window and document, or fakes). */
export interface VizioEnvironment {
  window: { VIZIO?: VizioLibrary };
  document: EventSource;
}

const pageEnvironment = (): VizioEnvironment => ({
  window: globalThis as { VIZIO?: VizioLibrary },
  document: globalThis.document,
});

/** LMT arrives as a boolean on some firmware and as 1/0 or '1'/'0' on others. */
const limitsTracking = (lmt: unknown) => lmt === true || lmt === 1 || lmt === '1' || lmt === 'true';

/** Calls a library member, ignoring one that throws (a library half there must not stop the app). */
function attempt(call: () => void) {
  try {
    call();
  } catch {
    // Missing or broken on this firmware: the app goes on without it.
  }
}

/**
 * The VIZIO SmartCast variant (playback-and-social §2.1, decision 0071): Back is 8 and Exit 27 on the
 * remote, the media keys are the HTML5 ones; the companion library's content-change handler opens
 * deep links through the §2.1 rule (at launch and while running), its closed-caption and language
 * handlers drive the player's caption choice, its device calls are relayed to the app, and the network toasts are Tizen's.
 */
export function createVizioPlatform(env: () => VizioEnvironment = pageEnvironment): Platform {
  const device = createRelay<PlatformDevice>();

  const setup = (ctx: PlatformContext) => {
    const { window: win, document: doc } = env();
    let live = true;
    let initialised = false;
    let deviceKnown = false;
    let deviceId: string | null = null;
    let lmt: boolean | null = null;
    let model: string | null = null;

    const publishDevice = () => {
      deviceKnown = true;
      device.publish({ model, id: deviceId, limitAdTracking: lmt });
    };

    const init = () => {
      const lib = win.VIZIO;
      if (!live || initialised || !lib) return;
      initialised = true;
      doc.removeEventListener(VIZIO_LIBRARY_DID_LOAD, init);
      if (typeof lib.deviceModel === 'string' && lib.deviceModel) model = lib.deviceModel;
      attempt(() =>
        lib.setContentChangeHandler?.((url) => {
          // An empty content change is a plain launch: nothing to open.
          if (live && typeof url === 'string' && url) ctx.openContent?.(url);
        }),
      );
      // The TV's caption setting and language drive the player's caption choice (decision 0070).
      attempt(() =>
        lib.setClosedCaptionHandler?.((enabled) => {
          if (live) ctx.tracks.closedCaptions(enabled === true);
        }),
      );
      attempt(() =>
        lib.setDeviceLanguageHandler?.((lang) => {
          if (live && lang?.code) ctx.tracks.language(lang.code);
        }),
      );
      attempt(() =>
        lib.setAdvertiserIDListener?.((id) => {
          if (!live) return;
          lmt = limitsTracking(id?.LMT);
          if (deviceKnown) publishDevice();
        }),
      );
      attempt(() =>
        lib.getDeviceId?.((id) => {
          if (!live) return;
          deviceId = typeof id === 'string' && id ? id : null;
          publishDevice();
        }),
      );
    };

    // Bound before looking, so a library that loads between the two is not missed.
    doc.addEventListener(VIZIO_LIBRARY_DID_LOAD, init);
    init();
    // Without the library (or its device id) in time, the player goes on with what is known (the
    // browser's own for the rest, decision 0064).
    const deadline = setTimeout(() => {
      if (live && !deviceKnown) publishDevice();
    }, VIZIO_LIBRARY_WAIT_MS);
    const stopNetwork = watchNetwork(ctx);

    return () => {
      live = false;
      clearTimeout(deadline);
      doc.removeEventListener(VIZIO_LIBRARY_DID_LOAD, init);
      stopNetwork();
      device.reset();
    };
  };

  return {
    type: 'vizio',
    label: 'VIZIO SmartCast',
    keys: {
      8: 'back',
      27: 'exit',
      415: 'play',
      19: 'pause',
      413: 'stop',
      412: 'rewind',
      417: 'fastForward',
    },
    setup,
    onDevice: device.subscribe,
    activationUrl: (url) => url.replace(/\/activate\/?$/, '/activate/vizio'),
    exitApp() {
      const lib = env().window.VIZIO;
      if (typeof lib?.exitApplication !== 'function') return false;
      attempt(() => lib.exitApplication?.());
      return true;
    },
  };
}

export const vizio: Platform = createVizioPlatform();
