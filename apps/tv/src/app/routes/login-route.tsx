import { useSession } from '@marquee/api-client/react';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { RETURN_TO } from '../../config/paths';
import { ActivationScreen } from '../../features/account';
import { loginGuard } from '../../lib/guards';

/**
 * /tvn/{type}/login?returnTo: the activation screen. Signed in (already, or once activated), the
 * guard moves the TV to its profile, or back to `returnTo` (playback-and-social §2.1 guards).
 */
export function LoginRoute() {
  const { type = 'generic' } = useParams();
  const [params] = useSearchParams();
  const { status, signIn } = useSession();
  const guard = loginGuard(status, type, params.get(RETURN_TO));
  if (guard.kind === 'loading') return null;
  if (guard.kind === 'reject')
    return <Navigate to={guard.rejection.redirect} replace={guard.rejection.replace} />;
  return <ActivationScreen onActivated={signIn} />;
}
