import { useSession } from '@marquee/api-client/react';
import { FocusContext, setFocus, useFocusable } from '@noriginmedia/norigin-spatial-navigation';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { FocusableLink } from '../../components/focusable-link';
import { paths } from '../../config/paths';
import { JoinPartyScreen } from '../../features/party';
import { useLeave } from './use-leave';

/** /tvn/{type}/party: the code entry; a TV that is not signed in is asked to sign in first. */
export function JoinPartyRoute() {
  const { type = 'generic' } = useParams();
  const { status } = useSession();
  const navigate = useNavigate();
  const leave = useLeave(type);
  const onJoined = useCallback(
    (pid: string) => void navigate(paths.party.getHref(type, pid), { replace: true }),
    [navigate, type],
  );
  if (status !== 'signedIn') return <SignInPrompt loginHref={paths.login.getHref(type)} />;
  return <JoinPartyScreen onJoined={onJoined} onBack={leave} />;
}

function SignInPrompt({ loginHref }: { loginHref: string }) {
  const { t } = useTranslation('party');
  const { ref, focusKey } = useFocusable({ focusKey: 'PARTY_SIGN_IN', trackChildren: true });
  useEffect(() => void setFocus('party-sign-in'), []);
  return (
    <FocusContext.Provider value={focusKey}>
      <section ref={ref} className="tv-profile" data-testid="party-sign-in">
        <h1>{t('signInTitle')}</h1>
        <div className="tv-profile__actions">
          <FocusableLink to={loginHref} focusKey="party-sign-in" className="tv-pill tv-button">
            {t('signIn')}
          </FocusableLink>
        </div>
      </section>
    </FocusContext.Provider>
  );
}
