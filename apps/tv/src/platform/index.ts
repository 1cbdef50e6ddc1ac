import { generic } from './generic';
import { tizen } from './tizen';
import { vizio } from './vizio';
import { webos } from './webos';
import { COMMON_KEYS, type Platform, type RemoteAction } from './types';

export const PLATFORMS: Readonly<Record<string, Platform>> = { generic, tizen, webos, vizio };

export function isPlatformType(type: string | undefined): type is string {
  return !!type && Object.prototype.hasOwnProperty.call(PLATFORMS, type);
}

/** The platform for a :type param; generic for anything unknown. */
export function getPlatform(type: string | undefined): Platform {
  return (isPlatformType(type) && PLATFORMS[type]) || generic;
}

/** What a key means on a platform, or null. */
export function remoteAction(
  platform: Platform,
  event: { keyCode?: number; key?: string },
): RemoteAction | null {
  const code = event.keyCode ?? 0;
  const action = platform.keys[code] ?? COMMON_KEYS[code];
  if (action) return action;
  switch (event.key) {
    case 'GoBack':
    case 'BrowserBack':
      return 'back';
    case 'MediaPlayPause':
      return 'playPause';
    default:
      return null;
  }
}

export { CONTENT_CHANGE_EVENT, deepLinkTarget, watchContentChanges } from './deep-link';
export type {
  Platform,
  PlatformContext,
  PlatformDevice,
  PlatformNotice,
  PlatformSubscription,
  PlatformTrackHandlers,
  RemoteAction,
} from './types';
