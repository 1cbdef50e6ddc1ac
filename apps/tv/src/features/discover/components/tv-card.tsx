import type { Video } from '@marquee/contract';
import { FocusableLink } from '../../../components/focusable-link';
import { cardImage, truncateTitle } from '@marquee/domain';

/** A focusable 16:9 card for the 10-foot grid. */
export function TvCard({
  video,
  href,
  focusKey,
  onFocused,
}: {
  video: Video;
  href: string;
  focusKey: string;
  onFocused?: () => void;
}) {
  const image = cardImage(video);
  return (
    <FocusableLink
      to={href}
      focusKey={focusKey}
      onFocused={onFocused}
      className="tv-card"
      label={video.title}
      attrs={{ 'data-testid': 'video-card', 'data-video-uid': video.uid }}
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
      </span>
      <span className="tv-card__title">{truncateTitle(video.title)}</span>
    </FocusableLink>
  );
}
