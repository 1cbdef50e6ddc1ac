import { FocusContext, setFocus, useFocusable } from '@noriginmedia/norigin-spatial-navigation';
import type { LoginResponse } from '@marquee/contract';
import { useEffect } from 'react';
import { FocusableButton } from '../../../components/focusable-button';
import { StatusMessage } from '../../../components/status-message';
import { useDeviceActivation } from '../hooks/use-device-activation';

const NEW_CODE_KEY = 'activation-new-code';

/**
 * /tvn/{type}/login (accounts-and-commerce §2 TV screens): the activation URL and the code, a New
 * Code button, and the note that connecting may take up to 30 s after signing in.
 */
export function ActivationScreen({ onActivated }: { onActivated: (login: LoginResponse) => void }) {
  const { state, newCode } = useDeviceActivation(onActivated);
  const { ref, focusKey } = useFocusable({ focusKey: 'ACTIVATION', trackChildren: true });
  const ready = state.phase === 'showing' || state.phase === 'error';

  useEffect(() => {
    if (ready) setFocus(NEW_CODE_KEY);
  }, [ready]);

  return (
    <FocusContext.Provider value={focusKey}>
      <section ref={ref} className="tv-activation" data-testid="tv-login">
        {state.phase === 'registering' ? <StatusMessage kind="loading" title="Getting your code…" /> : null}
        {state.phase === 'offline' ? (
          <StatusMessage kind="error" title="You're offline" testId="activation-offline">
            We'll get your code as soon as the network is back.
          </StatusMessage>
        ) : null}
        {state.phase === 'error' ? (
          <>
            <StatusMessage kind="error" title="We couldn't get a code">
              {state.message}
            </StatusMessage>
            <div className="tv-activation__actions">
              <FocusableButton focusKey={NEW_CODE_KEY} onPress={newCode} testId="new-code">
                Try again
              </FocusableButton>
            </div>
          </>
        ) : null}
        {state.phase === 'showing' ? (
          <>
            <h1>Sign in on another screen</h1>
            <ol className="tv-activation__steps">
              <li>
                On your phone or computer, go to{' '}
                <strong data-testid="activation-url" data-url={state.registration.activationUrl}>
                  {state.registration.activationUrl.replace(/^https?:\/\//, '')}
                </strong>
              </li>
              <li>Sign in and enter this code:</li>
            </ol>
            <p
              className="tv-activation__code"
              data-testid="activation-code"
              aria-label={state.registration.code.split('').join(' ')}
            >
              <span>{state.registration.code.slice(0, 4)}</span>
              <span>{state.registration.code.slice(4)}</span>
            </p>
            <p className="tv-hint">Connecting may take up to 30 seconds after you sign in.</p>
            {state.offline ? (
              <p className="tv-activation__offline" role="status" data-testid="activation-offline">
                You're offline. We'll keep checking.
              </p>
            ) : null}
            <div className="tv-activation__actions">
              <FocusableButton focusKey={NEW_CODE_KEY} onPress={newCode} testId="new-code">
                New Code
              </FocusableButton>
            </div>
          </>
        ) : null}
      </section>
    </FocusContext.Provider>
  );
}
