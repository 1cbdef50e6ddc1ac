import type { Video } from '@marquee/contract';
import { CardMedia } from '../../../components/card-media';
import { FocusableLink } from '../../../components/focusable-link';
import { truncateTitle } from '@marquee/domain';

/** A focusable 16:9 card for the 10-foot grid, with the viewer's progress where it is known. */
export function TvCard({
  video,
  progress,
  href,
  focusKey,
  onFocused,
}: {
  video: Video;
  /** Percent watched (0–100): a thin bar along the image's foot. */
  progress?: number | null;
  href: string;
  focusKey: string;
  onFocused?: () => void;
}) {
  return (
    <FocusableLink
      to={href}
      focusKey={focusKey}
      onFocused={onFocused}
      className="tv-card"
      label={video.title}
      attrs={{ 'data-testid': 'video-card', 'data-video-uid': video.uid }}
    >
      <CardMedia video={video} progress={progress} />
      <span className="tv-card__title">{truncateTitle(video.title)}</span>
    </FocusableLink>
  );
}
