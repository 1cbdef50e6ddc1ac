import type {
  DEVICE_SECRET_HEADER,
  RegisterSecondScreenBody,
  SecondScreenCheck,
  SecondScreenRegistration,
} from '@marquee/contract';
import { sitePath, type ApiClient } from '../client';

// The TV's side of activation by code (accounts-and-commerce §7 Second screens). The signed-in
// side lives with its screens: activateDeviceCode in auth.ts, the device list in profile.ts.

/**
 * POST /v2/sites/{site}/second-screens (no login): a TV asks for a code to show. It presents the
 * deviceSecret an earlier registration gave it, and keeps the one the answer carries.
 */
export function registerSecondScreen(api: ApiClient, body: RegisterSecondScreenBody, signal?: AbortSignal) {
  return api.request<SecondScreenRegistration>('POST', sitePath(api.site, 'second-screens'), {
    body,
    signal,
  });
}

/** The contract's header name (checked against it: clients import only types from the contract). */
const SECRET_HEADER: typeof DEVICE_SECRET_HEADER = 'x-device-secret';

/** GET /v2/sites/{site}/check-second-screen/{deviceId}: the TV's poll, with its device secret. */
export function checkSecondScreen(
  api: ApiClient,
  device: { deviceId: string; deviceSecret: string },
  signal?: AbortSignal,
) {
  return api.get<SecondScreenCheck>(sitePath(api.site, 'check-second-screen', device.deviceId), {
    headers: { [SECRET_HEADER]: device.deviceSecret },
    signal,
  });
}
