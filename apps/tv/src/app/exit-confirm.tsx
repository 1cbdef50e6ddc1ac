import {
  FocusContext,
  getCurrentFocusKey,
  setFocus,
  useFocusable,
} from '@noriginmedia/norigin-spatial-navigation';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FocusableButton } from '../components/focusable-button';
import { useRemote } from '../lib/remote';

const STAY_KEY = 'exit-stay';

/**
 * "Exit {site}?" at the root (Back on the home grid): Stay is focused, so a second Back or Enter
 * keeps the viewer in the app; the focus is a boundary while it shows and goes back to where it was.
 */
export function ExitConfirm({
  name,
  onExit,
  onStay,
}: {
  name: string;
  onExit: () => void;
  onStay: () => void;
}) {
  const { t } = useTranslation();
  const { ref, focusKey } = useFocusable({
    focusKey: 'EXIT_CONFIRM',
    isFocusBoundary: true,
    trackChildren: true,
  });
  useEffect(() => {
    const before = getCurrentFocusKey();
    void setFocus(STAY_KEY);
    return () => {
      if (before) void setFocus(before);
    };
  }, []);
  useRemote((action) => {
    if (action !== 'back') return false;
    onStay();
    return true;
  });
  return (
    <FocusContext.Provider value={focusKey}>
      <div
        className="tv-exit"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="tv-exit-title"
        data-testid="exit-confirm"
      >
        <div ref={ref} className="tv-exit__box">
          <h2 id="tv-exit-title">{t('exitTitle', { name })}</h2>
          <div className="tv-exit__actions">
            <FocusableButton focusKey={STAY_KEY} onPress={onStay} testId="exit-stay">
              {t('exitStay')}
            </FocusableButton>
            <FocusableButton focusKey="exit-leave" onPress={onExit} testId="exit-leave">
              {t('exitLeave')}
            </FocusableButton>
          </div>
        </div>
      </div>
    </FocusContext.Provider>
  );
}
