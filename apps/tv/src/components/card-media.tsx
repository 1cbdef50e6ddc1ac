import type { Video } from '@marquee/contract';
import { cardImage } from '@marquee/domain';

/**
 * A TV card's 16:9 image (400×225, lazy, best thumbnail first), with an optional running time and
 * a thin bar of the percent watched.
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
          sizes="400px"
          width={400}
          height={225}
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
