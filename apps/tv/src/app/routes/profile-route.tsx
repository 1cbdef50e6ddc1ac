import { useApi, useSession } from '@marquee/api-client/react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { Navigate, useParams } from 'react-router';
import { ProfileScreen } from '../../features/account';
import { profileGuard } from '../../lib/guards';
import { meQueryKey } from '../../lib/use-me';
import { useLeave } from './use-leave';

/** /tvn/{type}/profile; a TV that is not signed in goes to login instead (playback-and-social §2.1 guards). */
export function ProfileRoute() {
  const { type = 'generic' } = useParams();
  const api = useApi();
  const queryClient = useQueryClient();
  const { status, signOut } = useSession();
  const onBack = useLeave(type);
  const onLogout = useCallback(async () => {
    // signOut forgets the session at once; the server call may take a moment.
    const serverLogout = signOut();
    queryClient.removeQueries({ queryKey: meQueryKey(api) });
    await serverLogout;
  }, [api, queryClient, signOut]);
  const guard = profileGuard(status, type);
  if (guard.kind === 'loading') return null;
  if (guard.kind === 'reject')
    return <Navigate to={guard.rejection.redirect} replace={guard.rejection.replace} />;
  return <ProfileScreen onBack={onBack} onLogout={onLogout} />;
}
