import { Link } from 'react-router';
import type { Video } from '@marquee/contract';
import { cardImage, formatDuration, LANDSCAPE_CARD, truncateTitle } from '../utils/card';

interface VideoCardProps {
  video: Video;
  href: string;
  /** The first cards of the first row load eagerly; the rest lazily. */
  eager?: boolean;
}

/** A landscape (320x180) card: a link to the video with its thumbnail, title and duration. */
export function VideoCard({ video, href, eager }: VideoCardProps) {
  const image = cardImage(video);
  const duration = formatDuration(video.contentDetails?.duration ?? 0);
  const title = truncateTitle(video.title);
  return (
    <Link to={href} className="card" data-testid="video-card" data-video-uid={video.uid} title={video.title}>
      <span className="card__media">
        {image ? (
          <img
            className="card__img"
            src={image.src}
            srcSet={image.srcSet}
            sizes={`(max-width: 600px) 60vw, ${LANDSCAPE_CARD.width}px`}
            width={LANDSCAPE_CARD.width}
            height={LANDSCAPE_CARD.height}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            alt=""
          />
        ) : (
          <span className="card__img card__img--empty" aria-hidden="true" />
        )}
        {duration ? (
          <span className="card__duration" aria-label={`Duration ${duration}`}>
            {duration}
          </span>
        ) : null}
        {video.isLive ? <span className="card__badge">Live</span> : null}
      </span>
      <span className="card__title">{title}</span>
    </Link>
  );
}
