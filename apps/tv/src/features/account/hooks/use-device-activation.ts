import { useApi } from '@marquee/api-client/react';
import type { LoginResponse, SecondScreenRegistration } from '@marquee/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { storedDeviceKeys } from '../../../lib/session';
import { startActivation } from '../utils/activation-loop';

export type ActivationState =
  | { phase: 'registering' }
  /** The code to show; `offline` while polls fail on the network (they go on). */
  | { phase: 'showing'; registration: SecondScreenRegistration; offline: boolean }
  | { phase: 'offline' }
  | { phase: 'error'; message: string };

/**
 * Runs the activation loop (utils/activation-loop.ts) while the login screen is shown; `newCode`
 * starts it over with a new code. Calls `onActivated` once with the session.
 */
export function useDeviceActivation(onActivated: (login: LoginResponse) => void) {
  const api = useApi();
  const [state, setState] = useState<ActivationState>({ phase: 'registering' });
  const [generation, setGeneration] = useState(0);
  const onActivatedRef = useRef(onActivated);
  // eslint-disable-next-line react-hooks/refs -- latest-callback ref: the effect subscribes once and calls the newest callback
  onActivatedRef.current = onActivated;

  useEffect(
    () =>
      startActivation(api, storedDeviceKeys, {
        code: (registration) => setState({ phase: 'showing', registration, offline: false }),
        pollOffline: (offline) =>
          setState((s) => (s.phase === 'showing' && s.offline !== offline ? { ...s, offline } : s)),
        registerOffline: () => setState({ phase: 'offline' }),
        error: (message) => setState({ phase: 'error', message }),
        activated: (login) => onActivatedRef.current(login),
      }),
    [api, generation],
  );

  const newCode = useCallback(() => {
    setState((s) => (s.phase === 'showing' ? s : { phase: 'registering' }));
    setGeneration((g) => g + 1);
  }, []);

  return { state, newCode };
}
