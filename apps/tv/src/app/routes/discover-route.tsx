import { useParams } from 'react-router';
import { StatusMessage } from '../../components/status-message';
import { paths } from '../../config/paths';
import { DiscoverGrid, type CardLinks } from '../../features/discover';
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
  return <DiscoverGrid key={found.tab.id} tabId={found.tab.id} hrefFor={(links) => cardHref(type, links)} />;
}

/**
 * Where Enter on a card goes on a TV: a movie or series opens its page (discovery-and-site §2.7, TV
 * routes); anything else plays, an episode included (the remote's one button means "watch this").
 */
function cardHref(type: string, { play, details }: CardLinks): string {
  if (details.screen === 'movie') return paths.movie.getHref(type, details.uid, details.channel);
  if (details.screen === 'series') return paths.series.getHref(type, details.uid, details.channel);
  if (play.screen === 'watch') return paths.playVideo.getHref(type, play.channelId, play.videoUid);
  return paths.discover.getHref(type);
}
