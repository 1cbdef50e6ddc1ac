import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Video } from '@marquee/contract';
import { publishedLabel } from '@marquee/domain';
import { RichText } from '../../../components/rich-text';

/**
 * The Video Info tab (§2.3): description, episode position, publish time ("3 days ago", or the
 * date with the site's exactPublishedDate flag, D§9), views and tags.
 */
export function VideoInfoPanel({
  video,
  exactDate,
  rich = false,
}: {
  video: Video;
  exactDate: boolean;
  /** Site flag wysiwyg: the description's allowed markup is drawn (decision 0061). */
  rich?: boolean;
}) {
  const { t, i18n } = useTranslation('watchRoutes');
  // The time the panel opened: "3 days ago" does not tick while it is shown.
  const [now] = useState(() => Date.now());
  // "3 days ago" unless the site's exactPublishedDate flag asks for the date (D§9).
  const label = publishedLabel(video.metadata.publishedDate, now, exactDate);
  const published =
    label.kind === 'exact'
      ? t('info.published', {
          date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(label.at),
        })
      : label.kind === 'ago'
        ? t('info.publishedAgo', {
            ago: new Intl.RelativeTimeFormat(i18n.language, { numeric: 'auto' }).format(
              -label.count,
              label.unit,
            ),
          })
        : null;
  return (
    <div className="video-info" data-testid="video-info-panel">
      {video.series ? (
        <p className="video-info__meta">
          {t('info.season', { season: video.series.season, episode: video.series.episode })}
        </p>
      ) : null}
      <p className="video-info__meta">
        {published ? (
          <span data-testid="video-published" data-kind={label.kind}>
            {published} ·{' '}
          </span>
        ) : null}
        {t('info.views', { count: video.views.viewCount })}
      </p>
      {video.description ? (
        <RichText className="video-info__description" text={video.description} rich={rich} />
      ) : (
        <p className="video-info__description">{t('info.noDescription')}</p>
      )}
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
