import type { Video } from '@marquee/contract';
import { formatDuration, truncateTitle } from '@marquee/domain';
import { CardMedia } from '../../../components/card-media';
import { FocusableLink } from '../../../components/focusable-link';

/** A focusable 16:9 card for an episode, trailer or extra, with its running time. */
export function TitleCard({
  video,
  href,
  focusKey,
  label,
  progress,
}: {
  video: Video;
  /** Percent watched, where the viewer has a position. */
  progress?: number | null;
  href: string;
  focusKey: string;
  /** What the card says above the title, e.g. "E3" or "Trailer". */
  label?: string;
}) {
  const duration = formatDuration(video.contentDetails.duration);
  return (
    <FocusableLink
      to={href}
      focusKey={focusKey}
      className="tv-card"
      label={[label, video.title, duration].filter(Boolean).join(', ')}
      attrs={{ 'data-testid': 'title-card', 'data-video-uid': video.uid }}
    >
      <CardMedia video={video} duration={duration} progress={progress} />
      <span className="tv-card__title">
        {label ? <strong>{label} · </strong> : null}
        {truncateTitle(video.title)}
      </span>
    </FocusableLink>
  );
}
