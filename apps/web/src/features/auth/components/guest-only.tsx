import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { useSession } from '@marquee/api-client/react';
import { guestOnlyGuard } from '../utils/guest-guard';

/**
 * The not-logged-in group (login, signup, forgot-pw): a viewer who arrives signed in goes to the
 * profile, or to the intent when the link carries one. A viewer who signs in here (this form, or
 * another tab) goes where the form sends them: the intent, else home.
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { t } = useTranslation('auth');
  const { status } = useSession();
  const [params] = useSearchParams();
  const sawAnonymous = useRef(false);
  // eslint-disable-next-line react-hooks/refs -- remembers, without a re-render, that the visitor was anonymous first
  if (status === 'anonymous') sawAnonymous.current = true;
  // eslint-disable-next-line react-hooks/refs -- read once to pick where a visitor who just signed in goes
  const outcome = guestOnlyGuard(status, sawAnonymous.current, params);
  if (outcome.kind === 'loading') {
    return (
      <p className="session-loading" role="status">
        {t('loading')}
      </p>
    );
  }
  if (outcome.kind === 'redirect') return <Navigate replace to={outcome.to} />;
  return <>{children}</>;
}
