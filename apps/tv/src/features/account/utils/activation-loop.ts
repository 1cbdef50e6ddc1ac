import { ApiError, checkSecondScreen, registerSecondScreen, type ApiClient } from '@marquee/api-client';
import type { LoginResponse, SecondScreenRegistration } from '@marquee/contract';
import type { DeviceKeys } from '../../../lib/session';

/** Wait before registering again after the network failed. */
export const REGISTER_RETRY_MS = 5_000;

export interface ActivationEvents {
  /** A (new) code to show. */
  code(registration: SecondScreenRegistration): void;
  /** Polls fail on the network (true) or work again (false); polling goes on either way. */
  pollOffline(offline: boolean): void;
  /** Registering failed on the network; it is retried after REGISTER_RETRY_MS. */
  registerOffline(): void;
  /** Registering failed for another reason; nothing more happens. */
  error(message: string): void;
  /** The viewer entered the code: the TV's session. Nothing more happens. */
  activated(login: LoginResponse): void;
}

/** The set's own id and model, where its platform told them (VIZIO), sent with each registration (decision 0080). */
export interface SetIdentity {
  hardwareId?: string;
  deviceModel?: string;
}

/**
 * The platform's device report as a registration sends it: only values the server takes (the
 * contract's HardwareId and DeviceModel), so an odd one from some firmware never blocks activation.
 */
export function setIdentity(device: { id: string | null; model: string | null } | undefined): SetIdentity {
  const id = device?.id?.trim();
  const model = device?.model?.trim();
  return {
    ...(id && id.length <= 128 && /^[A-Za-z0-9._:-]+$/.test(id) ? { hardwareId: id } : {}),
    ...(model && model.length <= 64 && !/\p{C}/u.test(model) ? { deviceModel: model } : {}),
  };
}

const isNetworkError = (error: unknown) => error instanceof ApiError && error.code === 'network';

/**
 * The TV's side of activation by code (RFC 8628 device grant): registers this TV, then polls
 * check-second-screen at the server's interval, keeping the longer one after a slowDown. An expired
 * code, or a registration the server no longer knows (404) or no longer takes this TV's secret
 * for (401), is replaced by a new one. Registrations and polls present the device secret
 * (decision 0038); when another device holds this id (409), the TV takes a new id. Returns stop.
 */
export function startActivation(
  api: ApiClient,
  device: DeviceKeys,
  on: ActivationEvents,
  set: SetIdentity = {},
): () => void {
  const controller = new AbortController();
  const stopped = () => controller.signal.aborted;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const later = (ms: number, next: () => Promise<void>) => {
    timer = setTimeout(() => void next(), ms);
  };

  const register = async (renewed = false): Promise<void> => {
    try {
      const registration = await registerSecondScreen(
        api,
        { deviceId: device.id(), deviceType: 'webtv', deviceSecret: device.secret(), ...set },
        controller.signal,
      );
      if (stopped()) return;
      device.saveSecret(registration.deviceSecret);
      on.code(registration);
      const keys = { deviceId: registration.deviceId, deviceSecret: registration.deviceSecret };
      later(registration.interval * 1000, () => poll(keys, registration.interval));
    } catch (error) {
      if (stopped()) return;
      if (error instanceof ApiError && error.status === 409 && !renewed) {
        device.renew();
        return register(true);
      }
      if (isNetworkError(error)) {
        on.registerOffline();
        later(REGISTER_RETRY_MS, register);
      } else {
        on.error(error instanceof Error ? error.message : String(error));
      }
    }
  };

  type Keys = { deviceId: string; deviceSecret: string };
  const poll = async (keys: Keys, interval: number): Promise<void> => {
    try {
      const result = await checkSecondScreen(api, keys, controller.signal);
      if (stopped()) return;
      on.pollOffline(false);
      if (result.status === 'activated') return on.activated(result.login);
      if (result.status === 'expired') return register();
      // pending, or slowDown with the longer interval to keep from now on.
      later(result.interval * 1000, () => poll(keys, result.interval));
    } catch (error) {
      if (stopped()) return;
      if (error instanceof ApiError && (error.status === 404 || error.status === 401)) return register();
      if (isNetworkError(error)) on.pollOffline(true);
      later(interval * 1000, () => poll(keys, interval));
    }
  };

  void register();
  return () => {
    controller.abort();
    clearTimeout(timer);
  };
}
