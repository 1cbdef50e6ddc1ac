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

export interface PlatformContext {
  /** Shows the notice as a toast (playback-and-social §9: 5 s, no duplicates). */
  notify: (notice: PlatformNotice) => void;
  /** Where online/offline events arrive (window in the app, a fake in tests). */
  target: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
}

/** One TV platform variant, chosen by the :type route parameter. */
export interface Platform {
  type: string;
  label: string;
  /** keyCode → action, on top of the arrows and Enter every platform shares. */
  keys: Readonly<Record<number, RemoteAction>>;
  /** Platform start-up (register keys, network listeners); returns its cleanup. */
  setup?: (ctx: PlatformContext) => () => void;
}

/** Keys every platform sends: the arrows and Enter. */
export const COMMON_KEYS: Readonly<Record<number, RemoteAction>> = {
  37: 'left',
  38: 'up',
  39: 'right',
  40: 'down',
  13: 'enter',
};
