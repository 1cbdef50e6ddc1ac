import type { Video } from '@marquee/contract';
import { cardImage } from '@marquee/domain';

/** A card's image box in CSS pixels (styles.css --tv-card-width; 16:9). */
export const TV_CARD_WIDTH = 400;
export const TV_CARD_HEIGHT = 225;

/**
 * A TV card's 16:9 image, with an optional running time and a thin bar of the percent watched. The
 * browser picks the smallest thumbnail of the srcset that covers the card's 400 CSS px (the 480 px
 * one at 1080p; the media pipeline has no resizing parameter), decodes it off the main thread and
 * loads it only near the viewport; width and height reserve its box before it arrives.
 */
export function CardMedia({
  video,
  duration,
  progress,
}: {
  video: Video;
  duration?: string;
  progress?: number | null;
}) {
  const image = cardImage(video);
  return (
    <span className="tv-card__media">
      {image ? (
        <img
          src={image.src}
          srcSet={image.srcSet}
          sizes={`${TV_CARD_WIDTH}px`}
          width={TV_CARD_WIDTH}
          height={TV_CARD_HEIGHT}
          loading="lazy"
          decoding="async"
          alt=""
        />
      ) : null}
      {duration ? <span className="tv-card__duration">{duration}</span> : null}
      {progress != null ? (
        <span className="tv-card__progress" data-testid="card-progress" data-progress={progress}>
          <span style={{ width: `${progress}%` }} />
        </span>
      ) : null}
    </span>
  );
}
