import {
  CARD_SIZES,
  cardImage,
  cardLinks,
  cardShape,
  cardTitleMax,
  formatDuration,
  progressPercent,
  truncateTitle,
  type CardItem,
  type CardKind,
} from '@marquee/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { targetHref } from '../utils/links';
import { useCardActions } from './card-actions';
import './discover.css';

/** A card's item: the catalog video fields a card shows. */
export type CardVideo = CardItem & {
  contentDetails?: { duration: number };
  isLive?: boolean;
  /** Seconds watched, where the API reports it. */
  progress?: number | null;
  /**
   * On a watch-list card: what the list holds (a series item's card shows its next episode, but
   * its watch-list button acts on the series).
   */
  listContent?: { id: string; type: 'video' | 'series' };
};

interface ContentCardProps {
  item: CardVideo;
  kind: CardKind;
  /** The row's layout hint (posters, thumbs…). */
  layout?: string;
  /** The row's channel, for items without one of their own. */
  rowChannelId?: string | null;
  /** The first cards of the page load eagerly; the rest lazily. */
  eager?: boolean;
  /** The image and title play even movies and series (Continue Watching resumes, not a page). */
  playFirst?: boolean;
}

/**
 * Every card kind (discovery-and-site §2.10): the image and title link to the card's main screen
 * (movies and series: their page; the rest: play), with separate Play and Details links. The image
 * has its width and height set so nothing shifts when it loads.
 */
export function ContentCard({ item, kind, layout, rowChannelId, eager, playFirst }: ContentCardProps) {
  const { t } = useTranslation('discover');
  const shape = cardShape(kind, item.type, layout);
  const size = CARD_SIZES[shape];
  const image = cardImage(item, shape);
  const links = cardLinks(item, rowChannelId);
  const playHref = targetHref(links.play);
  const detailsHref = targetHref(links.details);
  const main = !playFirst && (item.type === 'movie' || item.type === 'series') ? detailsHref : playHref;
  const title = truncateTitle(item.title, cardTitleMax(shape));
  const duration = formatDuration(item.contentDetails?.duration ?? 0);
  const progress = progressPercent(item.progress, item.contentDetails?.duration ?? 0);
  const actions = useCardActions()?.(item, { rowChannelId: rowChannelId ?? null });
  return (
    <article
      className={`card card--${shape}`}
      data-testid="video-card"
      data-video-uid={item.uid}
      data-card-kind={kind}
      data-card-type={item.type}
    >
      <Link to={main} className="card__link" title={item.title}>
        <span className="card__media" style={{ aspectRatio: `${size.width} / ${size.height}` }}>
          {image ? (
            <img
              className="card__img"
              src={image.src}
              srcSet={image.srcSet}
              sizes={`(max-width: 600px) 60vw, ${size.width}px`}
              width={size.width}
              height={size.height}
              loading={eager ? 'eager' : 'lazy'}
              decoding="async"
              alt=""
            />
          ) : (
            <span className="card__img card__img--empty" aria-hidden="true" />
          )}
          {duration ? (
            <span className="card__duration" aria-label={t('card.duration', { duration })}>
              {duration}
            </span>
          ) : null}
          {item.isLive ? <span className="card__badge">{t('card.live')}</span> : null}
          {progress !== null ? (
            <span className="card__progress" aria-hidden="true">
              <span style={{ width: `${progress}%` }} />
            </span>
          ) : null}
        </span>
        <span className="card__title">{title}</span>
      </Link>
      {actions ? <div className="card__actions">{actions}</div> : null}
      <span className="card__meta">
        {item.type === 'episode' && item.series ? (
          <span className="card__tag">
            {t('card.episode', { season: item.series.season, episode: item.series.episode })}
          </span>
        ) : item.type === 'movie' || item.type === 'series' ? (
          <span className="card__tag">{t(`card.${item.type}`)}</span>
        ) : null}
        <Link
          to={playHref}
          className="card__action"
          data-testid="card-play"
          aria-label={t('card.playTitle', { title: item.title })}
        >
          {t('card.play')}
        </Link>
        {detailsHref !== playHref ? (
          <Link
            to={detailsHref}
            className="card__action"
            data-testid="card-details"
            aria-label={t('card.detailsTitle', { title: item.title })}
          >
            {t('card.details')}
          </Link>
        ) : null}
      </span>
    </article>
  );
}
