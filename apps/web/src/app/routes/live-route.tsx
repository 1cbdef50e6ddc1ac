import { useNavigate, useParams, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { LiveView } from '../../features/watch';
import { useLeave } from './use-leave';

/**
 * Live channels without an EPG tab: `/live-tv/:channelId` and `/live-tv?channel=` (lazy: it pulls in
 * the player). The EPG tab has its own route (epg-route.tsx).
 */
export default function LiveRoute() {
  const { channelId } = useParams();
  const [search] = useSearchParams();
  const leave = useLeave(useNavigate());
  const selected = channelId ?? search.get('channel');
  return <LiveView channelId={selected} hrefFor={paths.liveChannel.getHref} onLeave={leave} />;
}
