import { useParams } from 'react-router';
import { StatusMessage } from '../../components/status-message';
import { paths } from '../../config/paths';
import { DiscoverGrid } from '../../features/discover';
import { discoverTab, useSiteConfig } from '../../features/site';

/** /tvn/{type}, /tvn/{type}/discover and /tvn/{type}/discover/{id}. */
export function DiscoverRoute() {
  const { type = 'generic', id } = useParams();
  const config = useSiteConfig();
  if (config.isPending) return <StatusMessage kind="loading" title="Loading…" />;
  if (config.isError) {
    return (
      <StatusMessage kind="error" title="We couldn't load this site">
        {config.error.message}
      </StatusMessage>
    );
  }
  const found = discoverTab(config.data, id);
  if (!found) return <StatusMessage kind="empty" title="Nothing to watch yet" testId="discover-empty" />;
  return (
    <DiscoverGrid
      key={found.tab.id}
      tabId={found.tab.id}
      hrefFor={(channelId, videoUid) => paths.playVideo.getHref(type, channelId, videoUid)}
    />
  );
}
