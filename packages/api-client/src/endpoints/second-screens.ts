import type {
  RegisterSecondScreenBody,
  SecondScreenCheck,
  SecondScreenRegistration,
} from '@marquee/contract';
import { sitePath, type ApiClient } from '../client';

// The TV's side of activation by code (accounts-and-commerce §7 Second screens). The signed-in
// side lives with its screens: activateDeviceCode in auth.ts, the device list in profile.ts.

/** POST /v2/sites/{site}/second-screens (no login): a TV asks for a code to show. */
export function registerSecondScreen(api: ApiClient, body: RegisterSecondScreenBody, signal?: AbortSignal) {
  return api.request<SecondScreenRegistration>('POST', sitePath(api.site, 'second-screens'), {
    body,
    signal,
  });
}

/** GET /v2/sites/{site}/check-second-screen/{deviceId}: the TV's poll. */
export function checkSecondScreen(api: ApiClient, deviceId: string, signal?: AbortSignal) {
  return api.get<SecondScreenCheck>(sitePath(api.site, 'check-second-screen', deviceId), { signal });
}
