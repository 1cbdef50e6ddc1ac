import { StatusMessage } from '../../../components/status-message';
import { AUTH_DISABLED_MESSAGE } from '../utils/auth-errors';

/** What login, signup and forgot-pw show when the site has hideAuth. */
export function AuthDisabled() {
  return <StatusMessage kind="info" title={AUTH_DISABLED_MESSAGE} testId="auth-disabled" />;
}
