import { deviceInfo } from '@marquee/player';
import { useMemo } from 'react';
import { usePlatform } from '../../../lib/remote';
import { usePlatformSetting } from '../../../lib/use-platform-setting';

export type PayloadDevice = { model: string; id: string | null; limitAdTracking: boolean };

/**
 * The device for the player payload (§3): what the platform names (VIZIO's model, device id and
 * limit ad tracking, decision 0071), the browser's own for the rest (decision 0064). Null while a
 * platform that reports its device has not yet (the payload waits for it); undefined on one that
 * does not (the payload uses the browser's).
 */
export function usePlatformDevice(): PayloadDevice | null | undefined {
  const onDevice = usePlatform()?.onDevice;
  const device = usePlatformSetting(onDevice);
  return useMemo(() => {
    if (!onDevice) return undefined;
    if (!device) return null;
    const browser = deviceInfo();
    return {
      model: device.model ?? browser.model,
      id: device.id,
      limitAdTracking: device.limitAdTracking ?? browser.limitAdTracking,
    };
  }, [onDevice, device]);
}
