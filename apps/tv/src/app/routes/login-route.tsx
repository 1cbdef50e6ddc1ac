import type { LoginResponse } from '@marquee/contract';
import { Navigate, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { ActivationScreen } from '../../features/account';
import { saveSession, useSession } from '../../lib/session';

const onActivated = (login: LoginResponse) => saveSession(login);

/** /tvn/{type}/login; a signed-in TV goes to its profile instead (playback-and-social §2.1 guards). */
export function LoginRoute() {
  const { type = 'generic' } = useParams();
  const session = useSession();
  if (session) return <Navigate to={paths.profile.getHref(type)} replace />;
  return <ActivationScreen onActivated={onActivated} />;
}
