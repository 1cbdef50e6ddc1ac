import type { Platform, PlatformContext } from './types';

/** Tizen remote key names to register so the app receives them (they go to the TV otherwise). */
const MEDIA_KEYS = [
  'MediaPlayPause',
  'MediaPlay',
  'MediaPause',
  'MediaStop',
  'MediaRewind',
  'MediaFastForward',
];

interface TizenGlobal {
  tizen?: { tvinputdevice?: { registerKeyBatch?: (keys: string[]) => void } };
}

/** Going offline and coming back show 'Network offline' and 'Network reconnected' (playback-and-social §2.1). */
export function watchNetwork({ notify, target }: PlatformContext): () => void {
  const offline = () => notify('networkOffline');
  const online = () => notify('networkReconnected');
  target.addEventListener('offline', offline);
  target.addEventListener('online', online);
  return () => {
    target.removeEventListener('offline', offline);
    target.removeEventListener('online', online);
  };
}

/** Samsung Tizen: Back is 10009; media keys must be registered; the network variant. */
export const tizen: Platform = {
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
    try {
      (globalThis as TizenGlobal).tizen?.tvinputdevice?.registerKeyBatch?.(MEDIA_KEYS);
    } catch {
      // Not on a TV, or the privilege is missing: the keys just stay with the TV.
    }
    return watchNetwork(ctx);
  },
};
