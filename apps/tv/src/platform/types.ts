/** What a remote key means, whatever platform sent it. */
export type RemoteAction =
  | 'up'
  | 'down'
  | 'left'
  | 'right'
  | 'enter'
  | 'back'
  | 'playPause'
  | 'play'
  | 'pause'
  | 'stop'
  | 'rewind'
  | 'fastForward'
  | 'exit';

/** Platform events the app tells the viewer about, in their language. */
export type PlatformNotice = 'networkOffline' | 'networkReconnected';

/**
 * The player's closed-caption and language handlers (playback-and-social §2.1), for an adapter to
 * call when the device says so (e.g. VIZIO's `setClosedCaptionHandler`). The choice is the
 * session's (the remote's CC menu changes the same one), so a call works with or without a video
 * playing: the next one starts with it. Decision 0070.
 */
export interface PlatformTrackHandlers {
  /** The device's closed captions were turned on or off. */
  closedCaptions: (enabled: boolean) => void;
  /** The device's language (BCP 47): captions and audio use it where the video has it. */
  language: (language: string) => void;
}

export interface PlatformContext {
  /** Shows the notice as a toast (playback-and-social §9: 5 s, no duplicates). */
  notify: (notice: PlatformNotice) => void;
  /** Turn captions on or off and pick their language from the platform. */
  tracks: PlatformTrackHandlers;
  /** Where online/offline events arrive (window in the app, a fake in tests). */
  target: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  /**
   * Hands a content-change URL the platform delivered to the app's §2.1 deep-link rule (the shell:
   * its screen, or the error toast). Optional for adapters that have none.
   */
  openContent?: (url: string) => void;
}

/**
 * The device as its platform names it, for the player payload's deviceModel, deviceId and lat (§3);
 * null where the platform did not say (the browser's own is used then).
 */
export interface PlatformDevice {
  model: string | null;
  id: string | null;
  /** The platform's limit-ad-tracking setting (lat 1). */
  limitAdTracking: boolean | null;
}

/** Subscribes to a platform setting: the handler hears the latest value at once (if known), then every change. */
export type PlatformSubscription<T> = (handler: (value: T) => void) => () => void;

/** One TV platform variant, chosen by the :type route parameter. */
export interface Platform {
  type: string;
  label: string;
  /** keyCode → action, on top of the arrows and Enter every platform shares. */
  keys: Readonly<Record<number, RemoteAction>>;
  /** Platform start-up (register keys, network listeners); returns its cleanup. */
  setup?: (ctx: PlatformContext) => () => void;
  /** The device's model, id and ad-tracking choice, once the platform has told them (VIZIO). */
  onDevice?: PlatformSubscription<PlatformDevice>;
  /**
   * Where a viewer activates this TV, from the server's activation URL (accounts-and-commerce §2:
   * VIZIO's is /activate/vizio, which the web sends on to /activate with source vizio).
   */
  activationUrl?: (serverUrl: string) => string;
  /** Leaves the app for the TV's launcher (VIZIO's exitApplication); false when the platform cannot now. */
  exitApp?: () => boolean;
}

/** Keys every platform sends: the arrows and Enter. */
export const COMMON_KEYS: Readonly<Record<number, RemoteAction>> = {
  37: 'left',
  38: 'up',
  39: 'right',
  40: 'down',
  13: 'enter',
};
