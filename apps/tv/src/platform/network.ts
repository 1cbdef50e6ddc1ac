import type { PlatformContext } from './types';

/**
 * Going offline and coming back show 'Network offline' and 'Network reconnected'
 * (playback-and-social §2.1, §8). Tizen, webOS and VIZIO web engines all fire the window's
 * offline/online events when the TV's connection drops and returns.
 */
export function watchNetwork({ notify, target }: Pick<PlatformContext, 'notify' | 'target'>): () => void {
  const offline = () => notify('networkOffline');
  const online = () => notify('networkReconnected');
  target.addEventListener('offline', offline);
  target.addEventListener('online', online);
  return () => {
    target.removeEventListener('offline', offline);
    target.removeEventListener('online', online);
  };
}
