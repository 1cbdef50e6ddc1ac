import type { Video } from '@marquee/contract';
import { cardImage } from '@marquee/domain';

/** A TV card's 16:9 image (400×225, lazy, best thumbnail first), with an optional running time. */
export function CardMedia({ video, duration }: { video: Video; duration?: string }) {
  const image = cardImage(video);
  return (
    <span className="tv-card__media">
      {image ? (
        <img
          src={image.src}
          srcSet={image.srcSet}
          sizes="400px"
          width={400}
          height={225}
          loading="lazy"
          decoding="async"
          alt=""
        />
      ) : null}
      {duration ? <span className="tv-card__duration">{duration}</span> : null}
    </span>
  );
}
