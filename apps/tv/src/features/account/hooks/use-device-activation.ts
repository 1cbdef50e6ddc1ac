import { useApi } from '@marquee/api-client/react';
import type { LoginResponse, SecondScreenRegistration } from '@marquee/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { usePlatform } from '../../../lib/remote';
import { storedDeviceKeys } from '../../../lib/session';
import { usePlatformSetting } from '../../../lib/use-platform-setting';
import { setIdentity, startActivation } from '../utils/activation-loop';

export type ActivationState =
  | { phase: 'registering' }
  /** The code to show; `offline` while polls fail on the network (they go on). */
  | { phase: 'showing'; registration: SecondScreenRegistration; offline: boolean }
  | { phase: 'offline' }
  | { phase: 'error'; message: string };

/**
 * Runs the activation loop (utils/activation-loop.ts) while the login screen is shown; `newCode`
 * starts it over with a new code. Calls `onActivated` once with the session. On a platform that
 * reports its device (VIZIO), it waits for the first report (at most VIZIO_LIBRARY_WAIT_MS) and
 * registers with the set's hardware id and model (decision 0080).
 */
export function useDeviceActivation(onActivated: (login: LoginResponse) => void) {
  const api = useApi();
  const [state, setState] = useState<ActivationState>({ phase: 'registering' });
  const [generation, setGeneration] = useState(0);
  const onDevice = usePlatform()?.onDevice;
  const device = usePlatformSetting(onDevice);
  const waiting = onDevice !== undefined && device === undefined;
  const { hardwareId, deviceModel } = setIdentity(device);
  const onActivatedRef = useRef(onActivated);
  // eslint-disable-next-line react-hooks/refs -- latest-callback ref: the effect subscribes once and calls the newest callback
  onActivatedRef.current = onActivated;

  useEffect(() => {
    if (waiting) return;
    return startActivation(
      api,
      storedDeviceKeys,
      {
        code: (registration) => setState({ phase: 'showing', registration, offline: false }),
        pollOffline: (offline) =>
          setState((s) => (s.phase === 'showing' && s.offline !== offline ? { ...s, offline } : s)),
        registerOffline: () => setState({ phase: 'offline' }),
        error: (message) => setState({ phase: 'error', message }),
        activated: (login) => onActivatedRef.current(login),
      },
      { hardwareId, deviceModel },
    );
  }, [api, generation, waiting, hardwareId, deviceModel]);

  const newCode = useCallback(() => {
    setState((s) => (s.phase === 'showing' ? s : { phase: 'registering' }));
    setGeneration((g) => g + 1);
  }, []);

  return { state, newCode };
}
