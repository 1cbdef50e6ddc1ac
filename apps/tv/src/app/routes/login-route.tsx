import { useSession } from '@marquee/api-client/react';
import { Navigate, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { ActivationScreen } from '../../features/account';

/** /tvn/{type}/login; a signed-in TV goes to its profile instead (playback-and-social §2.1 guards). */
export function LoginRoute() {
  const { type = 'generic' } = useParams();
  const { status, signIn } = useSession();
  if (status === 'signedIn') return <Navigate to={paths.profile.getHref(type)} replace />;
  return <ActivationScreen onActivated={signIn} />;
}
