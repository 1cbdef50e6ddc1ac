import { useParams } from 'react-router';
import { StatusMessage } from '../../components/status-message';
import { paths } from '../../config/paths';
import { DiscoverGrid, type CardLinks } from '../../features/discover';
import { discoverTab, useSiteConfig } from '../../features/site';
import { useTranslation } from 'react-i18next';

/** /tvn/{type}, /tvn/{type}/discover and /tvn/{type}/discover/{id}. */
export function DiscoverRoute() {
  const { type = 'generic', id } = useParams();
  const config = useSiteConfig();
  const { t } = useTranslation();
  if (config.isPending) return <StatusMessage kind="loading" title={t('loading')} />;
  if (config.isError) {
    return (
      <StatusMessage kind="error" title={t('siteLoadError')}>
        {config.error.message}
      </StatusMessage>
    );
  }
  const found = discoverTab(config.data, id);
  if (!found) return <StatusMessage kind="empty" title={t('nothingToWatch')} testId="discover-empty" />;
  return (
    <DiscoverGrid
      key={found.tab.id}
      tabId={found.tab.id}
      hrefFor={(links, resume) => cardHref(type, links, resume)}
    />
  );
}

/**
 * Where Enter on a card goes on a TV: a movie or series opens its page (discovery-and-site §2.7, TV
 * routes); anything else plays, an episode included (the remote's one button means "watch this").
 * A Continue Watching card (`resume`) plays at once, from where the viewer left off (the player's
 * resume position).
 */
function cardHref(type: string, { play, details }: CardLinks, resume: boolean): string {
  if (resume && play.screen === 'watch') {
    const from = details.screen === 'movie' ? { movieUid: details.uid } : {};
    const seriesUid = details.screen === 'episode' ? details.seriesUid : undefined;
    return paths.playVideo.getHref(type, play.channelId, play.videoUid, { ...from, seriesUid });
  }
  if (details.screen === 'movie') return paths.movie.getHref(type, details.uid, details.channel);
  if (details.screen === 'series') return paths.series.getHref(type, details.uid, details.channel);
  if (play.screen === 'watch') return paths.playVideo.getHref(type, play.channelId, play.videoUid);
  return paths.discover.getHref(type);
}
