import type { Video } from '@marquee/contract';
import { cardImage, formatDuration, truncateTitle } from '@marquee/domain';
import { FocusableLink } from '../../../components/focusable-link';

/** A focusable 16:9 card for an episode, trailer or extra, with its running time. */
export function TitleCard({
  video,
  href,
  focusKey,
  label,
}: {
  video: Video;
  href: string;
  focusKey: string;
  /** What the card says above the title, e.g. "E3" or "Trailer". */
  label?: string;
}) {
  const image = cardImage(video);
  const duration = formatDuration(video.contentDetails.duration);
  return (
    <FocusableLink
      to={href}
      focusKey={focusKey}
      className="tv-card"
      label={[label, video.title, duration].filter(Boolean).join(', ')}
      attrs={{ 'data-testid': 'title-card', 'data-video-uid': video.uid }}
    >
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
      <span className="tv-card__title">
        {label ? <strong>{label} · </strong> : null}
        {truncateTitle(video.title)}
      </span>
    </FocusableLink>
  );
}
