import type { Video } from '@marquee/contract';
import { memo } from 'react';
import { CardMedia } from '../../../components/card-media';
import { FocusableLink } from '../../../components/focusable-link';
import { truncateTitle } from '@marquee/domain';

interface TvCardProps {
  video: Video;
  /** Percent watched (0–100): a thin bar along the image's foot. */
  progress?: number | null;
  href: string;
  focusKey: string;
  /** The card's place in its row, handed to `onFocusIndex`. */
  index: number;
  /** Stable across renders (it is a prop of a memoized card). */
  onFocusIndex?: (index: number) => void;
}

/**
 * A focusable 16:9 card for the 10-foot grid, with the viewer's progress where it is known. Memoized
 * with primitive or stable props, and its focus is its own state (useFocusable in FocusableLink): a
 * focus move re-renders the card left and the card reached, not the row.
 */
export const TvCard = memo(function TvCard({
  video,
  progress,
  href,
  focusKey,
  index,
  onFocusIndex,
}: TvCardProps) {
  return (
    <FocusableLink
      to={href}
      focusKey={focusKey}
      onFocused={onFocusIndex ? () => onFocusIndex(index) : undefined}
      className="tv-card"
      label={video.title}
      attrs={{ 'data-testid': 'video-card', 'data-video-uid': video.uid }}
    >
      <CardMedia video={video} progress={progress} />
      <span className="tv-card__title">{truncateTitle(video.title)}</span>
    </FocusableLink>
  );
});
