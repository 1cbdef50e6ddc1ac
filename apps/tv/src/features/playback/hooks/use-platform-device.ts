import { deviceInfo } from '@marquee/player';
import { useMemo } from 'react';
import type { PlatformDevice } from '../../../platform';
import { usePlatform } from '../../../lib/remote';
import { usePlatformSetting } from '../../../lib/use-platform-setting';

export type PayloadDevice = { model: string; id: string | null; limitAdTracking: boolean };

/**
 * The payload's device from what the platform said (undefined: not yet) and the browser's own:
 * the platform's where it named them, the browser's for the rest (decision 0064, 0071).
 */
export function payloadDevice(
  said: PlatformDevice | undefined,
  browser: { model: string; limitAdTracking: boolean },
): PayloadDevice | null {
  if (!said) return null;
  return {
    model: said.model ?? browser.model,
    id: said.id,
    limitAdTracking: said.limitAdTracking ?? browser.limitAdTracking,
  };
}

/**
 * The device for the player payload (§3): VIZIO's model, device id and limit ad tracking
 * (decision 0071), the browser's for what it does not name. Null while a platform that reports its
 * device has not yet (the payload waits for it); undefined on one that does not (the payload uses
 * the browser's).
 */
export function usePlatformDevice(): PayloadDevice | null | undefined {
  const onDevice = usePlatform()?.onDevice;
  const said = usePlatformSetting(onDevice);
  return useMemo(() => (onDevice ? payloadDevice(said, deviceInfo()) : undefined), [onDevice, said]);
}
