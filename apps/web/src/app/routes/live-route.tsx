import { useNavigate, useParams, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { LiveView } from '../../features/watch';
import { useLeave } from './use-leave';

/**
 * Live channels: `/live-tv/:channelId`, `/live-tv?channel=` and the EPG tab
 * `/pages/:pageUrl/e/:tabUrl?channel=` (lazy: it pulls in the player).
 */
export default function LiveRoute() {
  const { channelId, pageUrl, tabUrl } = useParams();
  const [search] = useSearchParams();
  const leave = useLeave(useNavigate());
  const selected = channelId ?? search.get('channel');
  const hrefFor = (id: string) =>
    pageUrl && tabUrl ? paths.epgTab.getHref(pageUrl, tabUrl, id) : paths.liveChannel.getHref(id);
  return <LiveView channelId={selected} hrefFor={hrefFor} onLeave={leave} />;
}
