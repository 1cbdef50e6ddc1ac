import { FocusContext, setFocus, useFocusable } from '@noriginmedia/norigin-spatial-navigation';
import type { LoginResponse } from '@marquee/contract';
import { useEffect } from 'react';
import { FocusableButton } from '../../../components/focusable-button';
import { StatusMessage } from '../../../components/status-message';
import { usePlatform } from '../../../lib/remote';
import { useDeviceActivation } from '../hooks/use-device-activation';
import { useTranslation } from 'react-i18next';

const NEW_CODE_KEY = 'activation-new-code';

/**
 * /tvn/{type}/login (accounts-and-commerce §2 TV screens): the activation URL and the code, a New
 * Code button, and the note that connecting may take up to 30 s after signing in.
 */
export function ActivationScreen({ onActivated }: { onActivated: (login: LoginResponse) => void }) {
  const { state, newCode } = useDeviceActivation(onActivated);
  const { t } = useTranslation(['account', 'common']);
  const { ref, focusKey } = useFocusable({ focusKey: 'ACTIVATION', trackChildren: true });
  const ready = state.phase === 'showing' || state.phase === 'error';
  const platform = usePlatform();
  const activationUrl =
    state.phase === 'showing'
      ? (platform?.activationUrl?.(state.registration.activationUrl) ?? state.registration.activationUrl)
      : '';

  useEffect(() => {
    if (ready) setFocus(NEW_CODE_KEY);
  }, [ready]);

  return (
    <FocusContext.Provider value={focusKey}>
      <section ref={ref} className="tv-activation" data-testid="tv-login">
        {state.phase === 'registering' ? <StatusMessage kind="loading" title={t('gettingCode')} /> : null}
        {state.phase === 'offline' ? (
          <StatusMessage kind="error" title={t('offlineTitle')} testId="activation-offline">
            {t('offlineBody')}
          </StatusMessage>
        ) : null}
        {state.phase === 'error' ? (
          <>
            <StatusMessage kind="error" title={t('codeError')}>
              {state.message}
            </StatusMessage>
            <div className="tv-activation__actions">
              <FocusableButton focusKey={NEW_CODE_KEY} onPress={newCode} testId="new-code">
                {t('common:tryAgain')}
              </FocusableButton>
            </div>
          </>
        ) : null}
        {state.phase === 'showing' ? (
          <>
            <h1>{t('title')}</h1>
            <ol className="tv-activation__steps">
              <li>
                {t('stepGoTo')}{' '}
                <strong data-testid="activation-url" data-url={activationUrl}>
                  {activationUrl.replace(/^https?:\/\//, '')}
                </strong>
              </li>
              <li>{t('stepEnterCode')}</li>
            </ol>
            <p
              className="tv-activation__code"
              data-testid="activation-code"
              aria-label={state.registration.code.split('').join(' ')}
            >
              <span>{state.registration.code.slice(0, 4)}</span>
              <span>{state.registration.code.slice(4)}</span>
            </p>
            <p className="tv-hint">{t('hint')}</p>
            {state.offline ? (
              <p className="tv-activation__offline" role="status" data-testid="activation-offline">
                {t('stillOffline')}
              </p>
            ) : null}
            <div className="tv-activation__actions">
              <FocusableButton focusKey={NEW_CODE_KEY} onPress={newCode} testId="new-code">
                {t('newCode')}
              </FocusableButton>
            </div>
          </>
        ) : null}
      </section>
    </FocusContext.Provider>
  );
}
