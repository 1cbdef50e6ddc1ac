import { useNavigate, useParams, useSearchParams } from 'react-router';
import { WatchView } from '../../features/watch';
import { useLeave } from './use-leave';

/** `/channel/:channelId/:videoUid[?t=seconds]` (lazy: it pulls in the player). */
export default function WatchRoute() {
  const { channelId = '', videoUid = '' } = useParams();
  const [search] = useSearchParams();
  const leave = useLeave(useNavigate());
  const t = Number(search.get('t'));
  const startAt = search.has('t') && Number.isFinite(t) && t >= 0 ? t : null;
  return (
    <WatchView key={videoUid} channelId={channelId} videoUid={videoUid} startAt={startAt} onLeave={leave} />
  );
}
