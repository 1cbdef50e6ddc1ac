import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { overlayPath, type WatchRouteInfo } from '../utils/watch-route-info';

/**
 * The embed's buttons (§2.12): Info and Share open their overlays, and a link opens the video on the
 * site. A site with hideEmbeds offers no Share here (nothing to pass on from inside an embed).
 */
export function EmbedActions({
  route,
  siteName,
  pageUrl,
  hideEmbeds,
}: {
  route: WatchRouteInfo;
  siteName: string | undefined;
  pageUrl: string;
  hideEmbeds: boolean;
}) {
  const { t } = useTranslation('watchRoutes');
  return (
    <nav className="watch-embed__actions" aria-label={siteName}>
      <Link className="button" to={overlayPath(route, 'info')} data-testid="embed-info-button">
        {t('embed.info')}
      </Link>
      {hideEmbeds ? null : (
        <Link className="button" to={overlayPath(route, 'share')} data-testid="embed-share-button">
          {t('embed.share')}
        </Link>
      )}
      <a className="button" href={pageUrl} target="_blank" rel="noopener">
        {t('embed.watchOnSite', { site: siteName ?? '' })}
      </a>
    </nav>
  );
}
