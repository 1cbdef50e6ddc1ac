import { useTranslation } from 'react-i18next';
import { StatusMessage } from '../../../components/status-message';

/** What login, signup and forgot-pw show when the site has hideAuth. */
export function AuthDisabled() {
  const { t } = useTranslation('auth');
  return <StatusMessage kind="info" title={t('disabled')} testId="auth-disabled" />;
}
