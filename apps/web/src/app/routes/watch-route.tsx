import { useCallback } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { WatchView } from '../../features/watch';
import { useLeave } from './use-leave';

/** `/channel/:channelId/:videoUid[?t=seconds]` (lazy: it pulls in the player). */
export default function WatchRoute() {
  const { channelId = '', videoUid = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const leave = useLeave(navigate);
  // A live event that is not live, or ends while playing, goes to the not-live page (§4.1, §4.7).
  const notLive = useCallback(
    () => void navigate(paths.notLive.getHref(videoUid, { channel: channelId }), { replace: true }),
    [navigate, videoUid, channelId],
  );
  const t = Number(search.get('t'));
  const startAt = search.has('t') && Number.isFinite(t) && t >= 0 ? t : null;
  return (
    <WatchView
      key={videoUid}
      channelId={channelId}
      videoUid={videoUid}
      startAt={startAt}
      onLeave={leave}
      onNotLive={notLive}
    />
  );
}
