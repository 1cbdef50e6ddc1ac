import { useNavigate, useParams } from 'react-router';
import { WatchView } from '../../features/watch';
import { useLeave } from './use-leave';

/** `/channel/:channelId/:videoUid` (lazy: it pulls in the player). */
export default function WatchRoute() {
  const { channelId = '', videoUid = '' } = useParams();
  const leave = useLeave(useNavigate());
  return <WatchView key={videoUid} channelId={channelId} videoUid={videoUid} onLeave={leave} />;
}
