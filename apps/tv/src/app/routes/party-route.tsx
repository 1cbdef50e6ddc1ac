import { useSession } from '@marquee/api-client/react';
import { Navigate, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { PartyScreen } from '../../features/party';
import { useLeave } from './use-leave';

/** /tvn/{type}/party/{pid} (lazy: it pulls in the player); Back leaves the party. Signed out: the join screen's sign-in prompt. */
export default function PartyRoute() {
  const { type = 'generic', pid = '' } = useParams();
  const { status } = useSession();
  const leave = useLeave(type);
  if (status === 'anonymous') return <Navigate to={paths.joinParty.getHref(type)} replace />;
  return <PartyScreen key={pid} pid={pid} onLeave={leave} />;
}
