import { useTranslation } from 'react-i18next';
import type { Video } from '@marquee/contract';

/** The Video Info tab (§2.3): description, episode position, publish date, views and tags. */
export function VideoInfoPanel({ video }: { video: Video }) {
  const { t, i18n } = useTranslation('watchRoutes');
  const published = Date.parse(video.metadata.publishedDate);
  return (
    <div className="video-info" data-testid="video-info-panel">
      {video.series ? (
        <p className="video-info__meta">
          {t('info.season', { season: video.series.season, episode: video.series.episode })}
        </p>
      ) : null}
      <p className="video-info__meta">
        {Number.isFinite(published)
          ? `${t('info.published', {
              date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(published),
            })} · `
          : ''}
        {t('info.views', { count: video.views.viewCount })}
      </p>
      <p className="video-info__description">{video.description || t('info.noDescription')}</p>
      {video.metadata.tags.length ? (
        <ul className="video-info__tags" aria-label={t('info.tags')}>
          {video.metadata.tags.map((tag) => (
            <li key={tag} className="video-info__tag">
              {tag}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
