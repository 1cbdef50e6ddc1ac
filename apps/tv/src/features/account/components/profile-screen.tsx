import { FocusContext, setFocus, useFocusable } from '@noriginmedia/norigin-spatial-navigation';
import { ApiError } from '@marquee/api-client';
import { useEffect, useState } from 'react';
import { FocusableButton } from '../../../components/focusable-button';
import { StatusMessage } from '../../../components/status-message';
import { useMe } from '../../../lib/use-me';
import { useTranslation } from 'react-i18next';

interface ProfileScreenProps {
  onBack: () => void;
  /** Ends the session (server and TV); the route then goes to login. */
  onLogout: () => Promise<void>;
}

/** /tvn/{type}/profile (accounts-and-commerce §2 TV screens): the signed-in e-mail, Back and Logout. */
export function ProfileScreen({ onBack, onLogout }: ProfileScreenProps) {
  const me = useMe();
  const { t } = useTranslation(['account', 'common']);
  const [leaving, setLeaving] = useState(false);
  const { ref, focusKey } = useFocusable({ focusKey: 'PROFILE', trackChildren: true });
  const rejected = me.error instanceof ApiError && me.error.status === 401;

  useEffect(() => {
    if (me.isSuccess || me.isError) setFocus(me.isSuccess ? 'profile-back' : 'profile-retry');
  }, [me.isSuccess, me.isError]);

  // The server no longer accepts this session: sign out (the route sends the TV to login).
  useEffect(() => {
    if (rejected) void onLogout();
  }, [rejected, onLogout]);

  const logout = () => {
    setLeaving(true);
    void onLogout();
  };

  let body;
  if (me.isPending || rejected) body = <StatusMessage kind="loading" title={t('common:loading')} />;
  else if (me.isError)
    body = (
      <>
        <StatusMessage kind="error" title={t('profileError')}>
          {me.error.message}
        </StatusMessage>
        <div className="tv-profile__actions">
          <FocusableButton focusKey="profile-retry" onPress={() => void me.refetch()}>
            {t('common:tryAgain')}
          </FocusableButton>
          <FocusableButton focusKey="profile-logout" onPress={logout} testId="profile-logout">
            {t('logout')}
          </FocusableButton>
        </div>
      </>
    );
  else
    body = (
      <>
        <h1>{t('profileTitle')}</h1>
        <p className="tv-profile__label">{t('signedInAs')}</p>
        <p className="tv-profile__email" data-testid="profile-email">
          {me.data.email}
        </p>
        <div className="tv-profile__actions">
          <FocusableButton focusKey="profile-back" onPress={onBack} testId="profile-back">
            {t('common:back')}
          </FocusableButton>
          <FocusableButton
            focusKey="profile-logout"
            onPress={logout}
            disabled={leaving}
            testId="profile-logout"
          >
            {t('logout')}
          </FocusableButton>
        </div>
      </>
    );

  return (
    <FocusContext.Provider value={focusKey}>
      <section ref={ref} className="tv-profile" data-testid="tv-profile">
        {body}
      </section>
    </FocusContext.Provider>
  );
}
