import { useCallback } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { partyPath } from '@marquee/domain';
import { paths } from '../../config/paths';
import { NotLiveView } from '../../features/watch';
import { useLeave } from './use-leave';

/**
 * `/not-live/:liveEventUid?channel&hostId` (playback-and-social §2.2): the countdown, replaced by the
 * live watch screen (in `channel`, else the events channel) once the event plays; with `hostId`
 * (a live watch party's pid, decision 0051) the party's live route instead.
 */
export default function NotLiveRoute() {
  const { liveEventUid = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const back = useLeave(navigate);
  const channel = search.get('channel') || 'events';
  const pid = search.get('hostId');
  const live = useCallback(
    () =>
      void navigate(
        pid
          ? partyPath({ pid, isLive: true, channel, contentId: liveEventUid })
          : paths.watch.getHref(channel, liveEventUid),
        { replace: true },
      ),
    [navigate, channel, liveEventUid, pid],
  );
  return <NotLiveView key={liveEventUid} liveEventUid={liveEventUid} onLive={live} onBack={back} />;
}
