import type { IdentityPlatform } from '@marquee/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusMessage } from '../../../components/status-message';

/**
 * /signup where the site signs viewers in through an external identity platform (A§6, decision
 * 0061): no form (the server refuses signup with 403 signupDisabled); the platform's own login, on
 * the sign-in page, makes the account the first time.
 */
export function SignupExternal({ platform }: { platform: NonNullable<IdentityPlatform> }) {
  const { t } = useTranslation('auth');
  return (
    <StatusMessage
      kind="info"
      title={t('signup.externalTitle', { name: platform.name })}
      testId="signup-external"
    >
      <p>{t('signup.externalBody', { name: platform.name })}</p>
      <Link className="button" to="/login" data-testid="signup-external-login">
        {t('signup.externalSignIn')}
      </Link>
    </StatusMessage>
  );
}
