import { useCallback } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { NotLiveView } from '../../features/watch';
import { useLeave } from './use-leave';

/**
 * `/not-live/:liveEventUid?channel&hostId` (playback-and-social §2.2): the countdown, replaced by the
 * live watch screen (in `channel`, else the events channel) once the event plays. `hostId` (watch
 * parties) is kept in the URL but not used yet.
 */
export default function NotLiveRoute() {
  const { liveEventUid = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const back = useLeave(navigate);
  const channel = search.get('channel') || 'events';
  const live = useCallback(
    () => void navigate(paths.watch.getHref(channel, liveEventUid), { replace: true }),
    [navigate, channel, liveEventUid],
  );
  return <NotLiveView key={liveEventUid} liveEventUid={liveEventUid} onLive={live} onBack={back} />;
}
